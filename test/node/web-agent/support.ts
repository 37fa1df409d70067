/** Shared pieces of the web agent's Node tests: a scripted page, recording actions, a storage to inspect. */
import { openAICompatible, type LLMProvider } from '../../../core/llm/index.js';
import type { KeyValueStorage as StorageAdapter } from '../../../core/storage/index.js';
import { parseStoredSession } from '../../../core/agent/session/session-codec.js';
import type { AgentSession } from '../../../core/agent/session/session.types.js';
import type { AgentAction, AgentEvent, AgentPage, PageSnapshot, WebAgentConfig } from '../../../core/agent/web-agent/index.js';
import type { Effect } from '../../../core/effects/effect.types.js';
import { destructiveWording } from '../../../core/effects/wording.js';
import type { LoopCheckpoint } from '../../../core/loop/types.js';
import type { MockLLM } from '../../support/mock-llm/server.js';

export { envelopeTurn, type EnvelopeAction } from '../loop/loop-support.js';

/** Per-test bound for node:test. */
export const BOUND = { timeout: 10_000 };

let counter = 0;
export function scenarioId(name: string): string {
  return `agent-${name.replace(/[^a-z0-9]+/gi, '-')}-${process.pid}-${++counter}`;
}

export function providerFor(mock: MockLLM, id: string): LLMProvider {
  return openAICompatible({ baseURL: mock.openAIBaseURL(id), apiKey: 'test-key', model: 'gpt-4o-mini', maxRetries: 0, connectTimeoutMs: 4_000, idleTimeoutMs: 4_000 });
}

/** A stand-in for a DOM element: what `resolve` hands to actions. */
export interface FakeElement {
  id: string;
  label: string;
}

/**
 * A page the test scripts: each reading returns `text` (changeable between turns) and maps the ids
 * listed in `elements`. It records every reading, lookup, settle and clear.
 */
export function scriptedPage(options: { text?: string; url?: string; elements?: Record<string, string> } = {}) {
  const log = { reads: [] as PageSnapshot[], resolved: [] as string[], settles: 0, clears: 0 };
  const state = { text: options.text ?? 'url: /start\n[e1] <button>Go</button>', url: options.url ?? '/start', elements: { ...(options.elements ?? { e1: 'button "Go"' }) } };
  let readingIds = new Set<string>();
  const page: AgentPage = {
    read(readOptions) {
      const text = state.text.slice(0, readOptions.maxLength);
      const snapshot = { text, url: state.url };
      readingIds = new Set(Object.keys(state.elements));
      log.reads.push(snapshot);
      return snapshot;
    },
    resolve(target) {
      log.resolved.push(target);
      if (!readingIds.has(target)) return null;
      return { id: target, label: state.elements[target] } as unknown as Element;
    },
    effects: (tool, args, patterns) => scriptedEffects(tool, args, state.elements, patterns),
    location: () => state.url,
    async settle() {
      log.settles += 1;
    },
    clear() {
      log.clears += 1;
    },
  };
  return { page, log, state };
}

/** Scripted pages press what a click, Enter or Space reaches; everything else is a host tool, judged by its name and its element. */
const PRESSING = new Set(['click', 'double_click', 'press_key']);
const BUILT_IN = new Set(['narrate', 'navigate', 'click', 'border', 'scroll_to', 'fill_input', 'select_option', 'clear_input', 'press_key', 'hold_key', 'double_click', 'long_press', 'hover', 'drag', 'wait', 'wait_until', 'pause', 'ask_user', 'ask_user_choice', 'highlight', 'spotlight', 'validate_form', 'detect_login_wall', 'track_intent', 'escalate_to_human', 'read_text']);

/** The effects a scripted page reports: an element label like `button "Delete account"` reads as its role and name. */
function scriptedEffects(tool: string, args: Record<string, unknown>, elements: Record<string, string>, patterns: readonly RegExp[]): Effect[] {
  const label = typeof args.target === 'string' ? elements[args.target] : undefined;
  const builtIn = BUILT_IN.has(tool);
  if (builtIn && !(PRESSING.has(tool) && label)) return [];
  const [, role, name] = /^(\w+) "(.*)"$/.exec(label ?? '') ?? [];
  const effect: Effect = builtIn ? { kind: 'activate' } : { kind: 'host-action', tool };
  if (label) effect.subject = { role: role === 'link' ? 'link' : role === 'button' ? 'button' : 'element', name: name ?? label };
  const wording = destructiveWording([...(builtIn ? [] : [tool]), ...(label ? [name ?? label] : [])], patterns);
  if (wording !== undefined) effect.destructive = wording;
  return [effect];
}

export interface ActionCall {
  args: Record<string, unknown>;
  element?: FakeElement;
}

/** A host action that resolves its `target` (when it has one) and records the call. */
export function recordingAction(
  name: string,
  options: { description?: string; run?: (args: Record<string, unknown>) => Promise<void> | void } & Pick<AgentAction, 'requireConfirmation'> = {},
): AgentAction & { calls: ActionCall[] } {
  const calls: ActionCall[] = [];
  const action: AgentAction & { calls: ActionCall[] } = {
    name,
    description: options.description ?? `The ${name} action.`,
    parameters: { type: 'object', properties: { target: { type: 'string' } }, additionalProperties: true },
    calls,
    async run(args, ctx) {
      const call: ActionCall = { args };
      calls.push(call);
      if (typeof args.target === 'string') {
        const found = ctx.resolve(args.target);
        if (!found || (found as { ok?: boolean }).ok === false) return { ok: false, code: 'not_found', message: `no ${args.target}` };
        call.element = found as unknown as FakeElement;
      }
      await options.run?.(args);
      return { ok: true, message: `${name} done` };
    },
  };
  if (options.requireConfirmation !== undefined) action.requireConfirmation = options.requireConfirmation;
  return action;
}

/** A storage adapter whose content the test can read, copy and hand to another agent. */
export function inspectableStorage(initial?: Map<string, string>) {
  const values = new Map(initial ?? []);
  const writes: string[] = [];
  const adapter: StorageAdapter = {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => {
      writes.push(value);
      values.set(key, value);
    },
    remove: (key) => void values.delete(key),
  };
  return {
    adapter,
    values,
    writes,
    session(key = 'dddk.webagent.session'): AgentSession | null {
      const text = values.get(key);
      return text ? parseStoredSession(text) : null;
    },
    snapshot: () => new Map(values),
  };
}

export function checkpointOf(session: AgentSession | null): LoopCheckpoint {
  if (!session) throw new Error('no stored session');
  return session.transcript as unknown as LoopCheckpoint;
}

/** A config with the test's page, storage and a provider on the mock server; no pauses unless asked. */
export function agentConfig(mock: MockLLM, id: string, overrides: Partial<WebAgentConfig> = {}): WebAgentConfig {
  return {
    llm: providerFor(mock, id),
    sessionStorage: 'memory',
    retryDelayMs: 0,
    ...overrides,
  };
}

export function collect(events: AgentEvent[]) {
  return (event: AgentEvent) => void events.push(event);
}

export function ofType<T extends AgentEvent['type']>(events: AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] {
  return events.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type);
}

/** The messages the n-th request to a scenario carried. */
export function requestMessages(mock: MockLLM, id: string, index: number): any[] {
  const request = mock.requests(id)[index];
  if (!request) throw new Error(`scenario ${id} has no request #${index}`);
  return request.body.messages;
}
