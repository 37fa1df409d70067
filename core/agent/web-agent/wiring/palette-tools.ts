import { paletteAgentTools } from '../../../palette/palette-agent-tools.js';
import type { PaletteItem } from '../../../palette/palette-item.types.js';
import type { PaletteModel } from '../../../palette/palette.types.js';
import type { AgentAction, ToolHandle, WebAgent } from '../web-agent.types.js';

/**
 * Offers the palette items that opted in with `agentTool` to the agent as tools, and keeps the
 * offer in step with the palette's items. Only those items: the agent gains no other way in.
 * Returns the function that withdraws them.
 */
export function offerPaletteTools(agent: WebAgent, palette: PaletteModel, reportError: (error: unknown) => void): () => void {
  let handles: ToolHandle[] = [];
  let offeredFor: readonly PaletteItem[] | undefined;

  const withdraw = () => {
    for (const handle of handles) handle.remove();
    handles = [];
  };
  const sync = () => {
    const items = palette.getItems();
    if (items === offeredFor) return;
    offeredFor = items;
    withdraw();
    for (const tool of paletteAgentTools(palette)) {
      const action: AgentAction = {
        name: tool.name,
        description: tool.description,
        parameters: tool.parameters as AgentAction['parameters'],
        requireConfirmation: tool.requireConfirmation,
        async run(args) {
          try {
            return { ok: true, message: await tool.run(args) };
          } catch (error) {
            return { ok: false, code: 'unknown', message: error instanceof Error ? error.message : String(error) };
          }
        },
      };
      try {
        handles.push(agent.registerTool(action));
      } catch (error) {
        // A host tool of the same name wins; the palette command is left out and the host told.
        reportError(error);
      }
    }
  };

  sync();
  const unsubscribe = palette.subscribe(sync);
  return () => {
    unsubscribe();
    withdraw();
  };
}
