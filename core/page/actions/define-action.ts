import { asArgs, type ArgsObject } from './args.js';
import { cancelled, isFailure, unexpected } from './results.js';
import type { ActionContext, ActionDefinition, ActionResult, JsonSchema } from './types.js';

interface ActionSpec<Data> {
  name: string;
  description: string;
  parameters: JsonSchema;
  run(args: ArgsObject, ctx: ActionContext): Promise<ActionResult<Data>>;
}

/**
 * Wraps an action so that every call checks its arguments are an object, refuses to start once
 * cancelled, and turns an unexpected exception into a failure instead of throwing into the loop.
 */
export function defineAction<Data = unknown>(spec: ActionSpec<Data>): ActionDefinition<ArgsObject, Data> {
  const label = spec.name.replaceAll('_', ' ');
  return {
    name: spec.name,
    description: spec.description,
    parameters: spec.parameters,
    async run(rawArgs, ctx) {
      const args = asArgs(rawArgs);
      if (isFailure(args)) return args;
      if (ctx.signal.aborted) return cancelled(`The ${label}`);
      try {
        return await spec.run(args, ctx);
      } catch (error) {
        if (ctx.signal.aborted) return cancelled(`The ${label}`);
        return unexpected(spec.name, error);
      }
    },
  };
}

/** JSON Schema helpers, so each action's parameter block stays short. */
export const schema = {
  object(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
    return { type: 'object', properties, required, additionalProperties: false };
  },
  string(description: string, extra: JsonSchema = {}): JsonSchema {
    return { type: 'string', description, ...extra };
  },
  number(description: string, minimum: number, maximum: number): JsonSchema {
    return { type: 'number', description, minimum, maximum };
  },
  target(description = 'The element id from the page reading.'): JsonSchema {
    return { type: 'string', description };
  },
};
