import { hostToolAction } from '../../../tools/host-tool-action.js';
import type { HostTool, ToolsRegistry, ToolsState } from '../../../tools/tools.types.js';
import type { ToolHandle, WebAgent } from '../web-agent.types.js';

/**
 * Offers the controller's registered host tools (`dddk.tools`) to the agent and keeps the offer in
 * step with the registry: a tool registered is offered from the agent's next turn, one removed is
 * withdrawn from it. Returns the function that withdraws them all.
 */
export function offerHostTools(agent: WebAgent, registry: ToolsRegistry, reportError: (error: unknown) => void): () => void {
  const offered = new Map<Readonly<HostTool>, ToolHandle>();
  // A tool the agent refused (its name was taken on the agent directly) is reported once, not at every change.
  const refused = new WeakSet<Readonly<HostTool>>();

  const sync = ({ tools }: ToolsState) => {
    for (const [tool, handle] of offered) {
      if (tools.includes(tool)) continue;
      handle.remove();
      offered.delete(tool);
    }
    for (const tool of tools) {
      if (offered.has(tool) || refused.has(tool)) continue;
      try {
        offered.set(tool, agent.registerTool(hostToolAction(tool, () => registry.getState().tools.includes(tool), reportError)));
      } catch (error) {
        refused.add(tool);
        reportError(error);
      }
    }
  };

  sync(registry.getState());
  const unsubscribe = registry.subscribe(sync);
  return () => {
    unsubscribe();
    for (const handle of offered.values()) handle.remove();
    offered.clear();
  };
}
