/** Shared pieces of the tools registry's Node tests: a controller on a scripted model and page, and a tool to register. */
import { createDddk, type DddkConfig, type DddkController } from '../../../core/controller/create-dddk.js';
import type { HostTool } from '../../../core/tools/tools.types.js';
import { scriptedProvider, type ScriptedProvider, type ScriptedTurn } from '../../support/scripted-provider.js';
import { scriptedPage } from '../web-agent/support.js';

export { BOUND } from '../web-agent/support.js';

const made: DddkController[] = [];

/** Destroys the controllers the tests made. */
export function destroyAll(): void {
  for (const dddk of made.splice(0)) dddk.destroy();
}

/** A controller whose agent talks to a scripted model and acts on a scripted page. */
export function toolsController(turns: ScriptedTurn[] = [], agent: NonNullable<DddkConfig['agent']> = {}): { dddk: DddkController; model: ScriptedProvider } {
  const model = scriptedProvider(turns);
  const dddk = createDddk({ locale: 'en', llm: model, agent: { page: scriptedPage().page, sessionStorage: 'memory', retryDelayMs: 0, ...agent } });
  made.push(dddk);
  return { dddk, model };
}

/** A tool that looks an order up; `handler` replaces its work. */
export function orderTool(overrides: Partial<HostTool> = {}): HostTool {
  return {
    name: 'lookup_order',
    description: 'Looks an order up by its number.',
    parameters: { type: 'object', properties: { id: { type: 'string', minLength: 3 } }, required: ['id'], additionalProperties: false },
    handler: (args) => ({ id: args.id, status: 'shipped' }),
    ...overrides,
  };
}

/** The content of the tool message that answered the model's `call`-th turn, as the next call carried it. */
export function toolReply(model: ScriptedProvider, call: number): string {
  const next = model.requests[call];
  if (!next) throw new Error(`the model had no call after call ${call}`);
  const replies = next.messages.filter((message) => message.role === 'tool');
  const reply = replies[replies.length - 1];
  return typeof reply?.content === 'string' ? reply.content : JSON.stringify(reply?.content);
}
