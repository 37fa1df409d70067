import type { PaletteItem } from './palette-item.types.js';
import type { PaletteModel } from './palette.types.js';

/** A palette item offered to the web agent as a tool. */
export interface PaletteAgentToolDescriptor {
  /** `palette_<id>` with anything outside [A-Za-z0-9_] turned into "_". */
  name: string;
  description: string;
  /** JSON Schema of `run`'s arguments. */
  parameters: Readonly<Record<string, unknown>>;
  requireConfirmation: boolean;
  /** Activates the item with `args.arg` as its argument; resolves to what happened, in words. */
  run(args: Record<string, unknown>): Promise<string>;
}

const DEFAULT_PARAMETERS = Object.freeze({
  type: 'object',
  properties: { arg: { type: 'string', description: 'The text the command works on (may be empty).' } },
  additionalProperties: false,
});

function flatten(items: readonly PaletteItem[], into: PaletteItem[] = []): PaletteItem[] {
  for (const item of items) {
    into.push(item);
    if (Array.isArray(item.children)) flatten(item.children as readonly PaletteItem[], into);
  }
  return into;
}

/**
 * The items that opted in with `agentTool`, as tool descriptors for the agent. Only those: the agent
 * cannot reach any other palette item through them. Read it again after the items change.
 */
export function paletteAgentTools(model: PaletteModel): PaletteAgentToolDescriptor[] {
  const used = new Set<string>();
  return flatten(model.getItems())
    .filter((item) => item.agentTool !== undefined && !item.disabled)
    .map((item) => {
      let name = `palette_${item.id.replace(/[^A-Za-z0-9_]/g, '_')}`.slice(0, 64);
      for (let n = 2; used.has(name); n++) name = `${name.slice(0, 60)}_${n}`;
      used.add(name);
      const tool = item.agentTool!;
      return {
        name,
        description: `${tool.description} (palette command "${item.name}")`,
        parameters: tool.parameters ?? DEFAULT_PARAMETERS,
        requireConfirmation: tool.requireConfirmation ?? false,
        async run(args) {
          const raw = (args ?? {}).arg;
          const arg = typeof raw === 'string' ? raw : raw === undefined ? '' : JSON.stringify(raw);
          const found = await model.activateById(item.id, { arg });
          if (!found) throw new Error(`palette command ${JSON.stringify(item.id)} is no longer registered`);
          const error = model.getState().error;
          if (error) throw new Error(`palette command "${item.name}" failed: ${error.message}`);
          return `ran palette command "${item.name}"${arg ? ` with ${JSON.stringify(arg)}` : ''}`;
        },
      };
    });
}
