/**
 * The page context of one turn, slot by slot, from the agent's context providers. Each agent has its
 * own registry whose defaults keep the prompt as the agent builds it on its own: `dom` and `url` come
 * from the agent's reading of the page, `selection` from what the user had selected when they asked,
 * `history` from the navigation trail (empty until the app records its moves), and `page_summary` is
 * off. A host replaces a slot; its text is then fenced as `host-context`. A provider that throws,
 * returns something other than text, or misses the turn's deadline leaves its slot out for that turn.
 */
import { raceAbort } from '../../util/race-abort.js';
import { clip } from '../../page/read-dom/text.js';
import { ContextProviderRegistry, type ContextProvider, type ContextRole } from '../../page/context/context-providers.js';
import { historyContextProvider } from '../../page/context/default-providers.js';
import type { TurnSelection } from '../session/session.types.js';
import { AGENT_CONTEXT_ROLES, type AgentContextRole } from './context-roles.js';
import type { PageSnapshot } from './agent-page.types.js';

/** How long a turn waits for the providers (they run side by side) before it goes on without the late ones. */
export const CONTEXT_PROVIDER_TIMEOUT_MS = 2_000;

/** Characters of a host's text per slot (`dom` is held to `domMaxLength` instead). */
const SLOT_LIMITS: Record<Exclude<AgentContextRole, 'dom'>, number> = { url: 500, page_summary: 2_000, history: 2_000, selection: 2_000, memory: 4_000 };

/** Stands in the registry for text the agent has already; the agent fills the slot without calling it. */
const agentsOwn = (): ContextProvider => () => undefined;
const OFF: ContextProvider = () => undefined;

const AGENT_DEFAULTS: Readonly<Record<ContextRole, ContextProvider>> = Object.freeze({
  dom: agentsOwn(),
  url: agentsOwn(),
  selection: agentsOwn(),
  history: historyContextProvider(),
  page_summary: OFF,
  screenshot: OFF,
  memory: OFF,
});

const OWN: ReadonlySet<ContextProvider> = new Set([AGENT_DEFAULTS.dom, AGENT_DEFAULTS.url, AGENT_DEFAULTS.selection]);

/** A registry for one agent, seeded with the agent's defaults. */
export function createAgentContextRegistry(): ContextProviderRegistry {
  return new ContextProviderRegistry(AGENT_DEFAULTS);
}

/** What the agent knows itself at a turn: the slots its defaults fill. */
export interface OwnContext {
  reading: PageSnapshot;
  selection?: TurnSelection;
}

/** The context of one turn, ready for the prompt. */
export interface TurnContextSlots {
  /** The page text: the agent's reading, or the host's `dom` text. */
  pageText: string;
  url: string;
  selection?: TurnSelection;
  pageSummary?: string;
  /** The recent paths (the `history` slot). */
  recentPages?: string;
  /** The `memory` slot's text: what the visitor's memory recalls for the task. */
  memory?: string;
  /** The slots a host's provider filled: their text is fenced as `host-context`. */
  fromHost: ReadonlySet<AgentContextRole>;
}

export type ContextSkipReason = 'error' | 'timeout' | 'invalid';

/** A slot left out of a turn because its provider failed. */
export interface ContextSkip {
  role: AgentContextRole;
  reason: ContextSkipReason;
  detail: string;
  error?: Error;
}

export interface ReadTurnContextOptions {
  task: string;
  /** The run's signal: once it aborts, nothing is reported and every slot is left out. */
  signal: AbortSignal;
  timeoutMs: number;
  domMaxLength: number;
  onSkip(skip: ContextSkip): void;
}

type SlotValue = { own: true } | { own: false; text: string | undefined; fromHost: boolean };

/** Asks every slot's provider at once and waits at most `timeoutMs` for them. */
export async function readTurnContext(registry: ContextProviderRegistry, own: OwnContext, options: ReadTurnContextOptions): Promise<TurnContextSlots> {
  const turn = new AbortController();
  const timedOut = new Error(`no answer within ${options.timeoutMs} ms`);
  const stop = () => turn.abort(options.signal.reason);
  options.signal.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(() => turn.abort(timedOut), options.timeoutMs);
  const request = { signal: turn.signal, task: options.task };

  const readSlot = async (role: AgentContextRole): Promise<SlotValue> => {
    const provider = registry.get(role);
    if (OWN.has(provider)) return { own: true };
    const fromHost = provider !== AGENT_DEFAULTS[role];
    const skip = (reason: ContextSkipReason, detail: string, error?: Error): SlotValue => {
      if (!options.signal.aborted) options.onSkip({ role, reason, detail, ...(error ? { error } : {}) });
      return { own: false, text: undefined, fromHost };
    };
    let value: unknown;
    try {
      value = await settleBefore(Promise.resolve().then(() => provider(request)), turn.signal);
    } catch (error) {
      if (options.signal.aborted) return { own: false, text: undefined, fromHost };
      if (error === timedOut) return skip('timeout', `the "${role}" provider gave no answer within ${options.timeoutMs} ms`);
      const failure = error instanceof Error ? error : new Error(String(error));
      return skip('error', `the "${role}" provider threw: ${failure.message}`, failure);
    }
    if (value === null || value === undefined) return { own: false, text: undefined, fromHost };
    if (typeof value !== 'string') return skip('invalid', `the "${role}" provider returned ${typeof value}; it must return a string, null or undefined`);
    return { own: false, text: clip(value, role === 'dom' ? options.domMaxLength : SLOT_LIMITS[role]), fromHost };
  };

  let values: Map<AgentContextRole, SlotValue>;
  try {
    values = new Map(await Promise.all(AGENT_CONTEXT_ROLES.map(async (role) => [role, await readSlot(role)] as const)));
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', stop);
  }

  const fromHost = new Set<AgentContextRole>();
  const textOf = (role: AgentContextRole): string | undefined => {
    const value = values.get(role)!;
    if (value.own) return undefined;
    if (value.fromHost && value.text !== undefined) fromHost.add(role);
    return value.text;
  };
  const present = (text: string | undefined) => (text !== undefined && text.trim() !== '' ? text : undefined);

  // A host's `dom` or `url` that is left out leaves the line empty: the agent's own reading is not
  // sent in its place, since the host may have replaced it to keep something out of the prompt.
  const slots: TurnContextSlots = {
    pageText: values.get('dom')!.own ? own.reading.text : (textOf('dom') ?? ''),
    url: values.get('url')!.own ? own.reading.url : (textOf('url') ?? ''),
    fromHost,
  };
  if (values.get('selection')!.own) {
    if (own.selection) slots.selection = own.selection;
  } else {
    const text = present(textOf('selection'));
    if (text) slots.selection = { text };
  }
  const pageSummary = present(textOf('page_summary'));
  if (pageSummary) slots.pageSummary = pageSummary;
  const recentPages = present(textOf('history'));
  if (recentPages) slots.recentPages = recentPages;
  const memory = present(textOf('memory'));
  if (memory) slots.memory = memory;
  return slots;
}

/** `promise`, or a rejection with the signal's reason as soon as it aborts. */
function settleBefore<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return raceAbort(promise, signal, () => signal.reason);
}
