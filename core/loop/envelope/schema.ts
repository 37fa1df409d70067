/**
 * The JSON Schema of the `agent_turn` tool's parameters. Every object whose shape we know is closed
 * (`additionalProperties: false`) and lists all its keys as required; `args` stays an open object
 * because each tool checks its own arguments. `actions` comes before `is_final` so the model commits
 * to its work before it declares the task done.
 */

import { deepFreeze } from '../../util/deep-freeze.js';

export const AGENT_TURN_TOOL = 'agent_turn';

export type JsonSchema = { [keyword: string]: unknown };

export interface AgentTurnSchemaOptions {
  /**
   * The variant for a run that follows a plan made beforehand: `todo_adjust` edits that plan instead of
   * the model keeping its own `todos_remaining` list.
   */
  planned?: boolean;
  /** The names of the tools an action may call; given, `tool` only accepts one of them. */
  toolNames?: readonly string[];
}

function closedObject(properties: Record<string, JsonSchema>, description?: string): JsonSchema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

const stringList = (description: string): JsonSchema => ({ type: 'array', items: { type: 'string' }, description });

function actionSchema(toolNames: readonly string[] | undefined): JsonSchema {
  const tool: JsonSchema = { type: 'string', description: 'The tool to run for this step.' };
  if (toolNames) tool.enum = [...toolNames];
  return closedObject(
    {
      narrate: { type: 'string', description: 'What you tell the user as this step starts, in one or two short sentences.' },
      about: stringList('Ids of the page elements the narration is about; they are pointed at while it plays.'),
      tool,
      args: { type: 'object', description: "The tool's arguments, as its own schema describes them." },
    },
    'One step: narrate, point, then run a tool.',
  );
}

const todoAdjustSchema = closedObject(
  {
    remove: stringList('Ids of planned todos that are done or no longer needed.'),
    replace: {
      type: 'array',
      description: 'Planned todos whose description must change.',
      items: closedObject({ id: { type: 'string' }, description: { type: 'string' } }),
    },
  },
  'Changes to the plan after this turn.',
);

/** The parameters schema of the `agent_turn` tool for the given tools and variant. */
export function agentTurnParameters(options: AgentTurnSchemaOptions = {}): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    memory: { type: 'string', description: 'Notes to carry to your next turn: what you learned and what is left.' },
    turn_planning: closedObject({
      evaluation_previous_goal: { type: 'string', description: 'Did the previous goal succeed? Say what you saw.' },
      next_goal: { type: 'string', description: 'What this turn sets out to do.' },
    }),
  };
  if (options.planned) properties.todo_adjust = todoAdjustSchema;
  else properties.todos_remaining = stringList('What is still to do after this turn, in order.');
  properties.actions = { type: 'array', items: actionSchema(options.toolNames), description: 'The steps of this turn, run in order.' };
  properties.is_final = { type: 'boolean', description: 'True when the task is done after these actions.' };
  return closedObject(properties);
}

/** The parameters schema of `agent_turn` with any tool name allowed, for a run without a plan (read-only). */
export const agentTurnSchema: JsonSchema = deepFreeze(agentTurnParameters());

/** The parameters schema of `agent_turn` for a run that follows a plan. */
export function plannedAgentTurnSchema(toolNames?: readonly string[]): JsonSchema {
  return agentTurnParameters({ planned: true, ...(toolNames ? { toolNames } : {}) });
}
