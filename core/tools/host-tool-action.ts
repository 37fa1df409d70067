/**
 * A registered host tool as the agent runs it: an action whose `run` calls the handler with a copy
 * of the checked arguments and turns whatever comes back (or is thrown) into a result the model can
 * read. The loop has already checked the arguments against the schema, judged the call's effect and
 * asked the visitor when it must; it also holds the time limit and stops the call with the run.
 */
import type { AgentAction } from '../agent/web-agent/agent-config.types.js';
import { failedOutput, readToolOutput } from './tool-output.js';
import type { HostTool } from './tools.types.js';

/**
 * `live` says whether the tool is still registered: one withdrawn while a turn that was offered it
 * runs is not called. `report` hears of a handler that returned something unreadable, a mistake the
 * host should fix.
 */
export function hostToolAction(tool: Readonly<HostTool>, live: () => boolean, report: (error: Error) => void): AgentAction {
  const action: AgentAction = {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters as AgentAction['parameters'],
    async run(args, ctx) {
      if (!live()) return { ok: false, code: 'unknown', message: 'This tool was withdrawn by the site and is no longer available.' };
      let value: unknown;
      try {
        // A copy: what the handler does to its arguments never reaches the transcript.
        value = await tool.handler(JSON.parse(JSON.stringify(args)) as Record<string, unknown>, { signal: ctx.signal, locale: ctx.locale ?? 'en' });
      } catch (error) {
        return failedOutput(error);
      }
      const { result, defect } = readToolOutput(value);
      if (defect) report(new TypeError(`dddk.tools: the handler of "${tool.name}" ${defect}; return a string, a JSON value or nothing`));
      return result;
    },
  };
  // `effects` is the host's word on its own tool: true asks first, false never asks; unset, the
  // policy judges the call as any host action.
  if (tool.effects !== undefined) action.requireConfirmation = tool.effects;
  if (tool.timeoutMs !== undefined) action.timeoutMs = tool.timeoutMs;
  return action;
}
