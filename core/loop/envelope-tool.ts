/**
 * The one tool offered in envelope mode: `agent_turn`, whose `tool` field only accepts the names of
 * this turn's tools and whose description documents each tool's arguments.
 */
import type { ToolDefinition } from '../llm/types.js';
import { AGENT_TURN_TOOL, agentTurnParameters } from './envelope/index.js';
import type { AnyLoopTool } from './types.js';

export { AGENT_TURN_TOOL };

export function agentTurnTool(tools: readonly AnyLoopTool[], planned: boolean): ToolDefinition {
  const toolNames = tools.map((tool) => tool.name);
  return {
    name: AGENT_TURN_TOOL,
    description: describeAgentTurn(tools),
    // An empty enum is not valid JSON Schema: with no tools, any name is accepted and answered as unknown.
    parameters: agentTurnParameters({ planned, ...(toolNames.length > 0 ? { toolNames } : {}) }),
  };
}

function describeAgentTurn(tools: readonly AnyLoopTool[]): string {
  const intro =
    'Your whole turn, in one call: your notes, your plan, then the actions to run in order. Each action narrates to the user, ' +
    'points at the elements it is about, and runs one tool; its `args` must follow that tool\'s parameters below. ' +
    'Set `is_final` to true when the task is done after these actions.';
  if (tools.length === 0) return `${intro}\n\nNo tools are available this turn.`;
  const sections = tools.map((tool) => `## ${tool.name}\n${tool.description.trim()}\nargs: ${JSON.stringify(tool.parameters)}`);
  return `${intro}\n\n# Tools\n\n${sections.join('\n\n')}`;
}
