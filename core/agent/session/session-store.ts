import { decideContinuation, DEFAULT_RESUME_WINDOW_MS, isResumable, type ContinuationReason } from './continuity.js';
import { openSessionChannel, type CrossTabMessage, type CrossTabOptions, type SessionChannel } from './cross-tab-channel.js';
import {
  composeStoredSession,
  parseStoredSession,
  peekSessionHead,
  serializeSessionBody,
  SessionRecordError,
  type SessionHead,
  type SessionRecordProblem,
} from './session-codec.js';
import { createSession, createSessionId, isRunningStatus } from './session-record.js';
import type { AgentSession, TurnSelection } from './session.types.js';
import { memoryStorage } from '../../storage/memory-storage.js';
import { withMemoryFallback } from '../../storage/memory-fallback.js';
import type { KeyValueStorage } from '../../storage/key-value-storage.js';
import type { StorageFailure } from '../../storage/storage-failure.js';
import { webStorage } from '../../storage/web-storage.js';

export const DEFAULT_SESSION_KEY = 'dddk.webagent.session';

/** Where sessions are kept: the kit's key-value storage port, under the name the session options use. */
export type StorageAdapter = KeyValueStorage;

export type SessionStoreEvent =
  /** The storage threw; from now on sessions live in memory. */
  | ({ type: 'storage_failure' } & StorageFailure)
  /** A stored or received record could not be used and was discarded. */
  | { type: 'record_dropped'; key: string; source: 'storage' | 'remote'; reason: SessionRecordProblem; message: string }
  /**
   * A write older than the latest known one was refused: `local` for a `save()` here, `remote` for an
   * update from another tab. `latest` is the session that stays.
   */
  | { type: 'stale_write_refused'; source: 'local' | 'remote'; id: string; version: number; latest: SessionHead | null; message: string }
  /** Another tab wrote a newer session, which is now `current()`. */
  | { type: 'remote_update'; session: AgentSession }
  /** Another tab cleared the session. */
  | { type: 'remote_clear'; id: string };

export type SessionStoreListener = (event: SessionStoreEvent) => void;

export interface SessionStoreOptions {
  /** The storage key; default `dddk.webagent.session`. */
  key?: string;
  /** Default `session` (the page's sessionStorage). Any adapter may be given; failures fall back to memory. */
  storage?: StorageAdapter | 'session' | 'local' | 'memory';
  /** Follow-ups within this many ms of the last write continue the session; default 0 (every task starts fresh). */
  continuityMs?: number;
  /** `time` (default) uses `continuityMs`; `palette` continues until `endContinuity()`. */
  scope?: 'time' | 'palette';
  /** How recent a run in progress must be to resume it, or an interrupted one to continue it; default 10 minutes. */
  resumeWindowMs?: number;
  /** Tell other tabs of every write and adopt theirs (BroadcastChannel); default off. */
  crossTabSync?: boolean | CrossTabOptions;
  /** Epoch ms; default `Date.now`. */
  now?: () => number;
  createId?: () => string;
  onEvent?: SessionStoreListener;
}

export interface BeginOptions {
  currentPage?: string;
  selection?: TurnSelection;
  /** Start a new session whatever the continuity rules say ("new conversation"). */
  fresh?: boolean;
}

export interface BeginResult {
  session: AgentSession;
  /** True when the task was added to the existing session as a follow-up. */
  continued: boolean;
  reason: ContinuationReason | 'fresh-requested';
}

export interface SaveResult {
  /** `unchanged`: nothing differed from the last write, so nothing was written. `stale`: refused. */
  status: 'saved' | 'unchanged' | 'stale';
  session: AgentSession;
}

export interface SessionStore {
  readonly key: string;
  /** The session in memory, without reading the storage. */
  current(): AgentSession | null;
  /** Reads the stored session (a corrupt or foreign record is dropped with a `record_dropped` event). */
  load(): AgentSession | null;
  /** Starts a task: continues the current session (see the continuity options) or creates one; then saves. */
  begin(task: string, options?: BeginOptions): BeginResult;
  /**
   * Writes the session unless nothing changed since the last write. Stamps `version` and `updatedAt`
   * on it. A session older than the latest known one (replaced here, or written by another tab) is
   * refused with a `stale_write_refused` event, never merged.
   */
  save(session: AgentSession): SaveResult;
  /** Removes the session from the storage (and from other tabs when syncing). */
  clear(): void;
  /** The next task starts a fresh session (the palette closed, or the host says the conversation ended). */
  endContinuity(): void;
  /** Marks a running session `interrupted`, so the next task continues it as a follow-up. */
  interruptForFollowup(): AgentSession | null;
  /** The session, when a run was in progress at its last write and recently enough to resume it. */
  resumable(): AgentSession | null;
  subscribe(listener: SessionStoreListener): () => void;
  /** Closes the cross-tab channel and drops the listeners. */
  dispose(): void;
}

/** Keeps the agent's session across steps, reloads, SPA navigations and (optionally) tabs. */
export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const key = options.key ?? DEFAULT_SESSION_KEY;
  const now = options.now ?? Date.now;
  const createId = options.createId ?? createSessionId;
  const scope = options.scope ?? 'time';
  const continuityMs = options.continuityMs ?? 0;
  const resumeWindowMs = options.resumeWindowMs ?? DEFAULT_RESUME_WINDOW_MS;
  const listeners = new Set<SessionStoreListener>();
  if (options.onEvent) listeners.add(options.onEvent);

  const emit = (event: SessionStoreEvent): void => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error('dddk: a session store listener threw', error);
      }
    }
  };

  const storage = withMemoryFallback(resolveStorage(options.storage), (failure) => emit({ type: 'storage_failure', ...failure }), {
    storageName: storageName(options.storage),
    subject: 'sessions',
    consequence: 'a reload will not resume a run',
  });

  let current: AgentSession | null = null;
  /** The latest write known for the key: ours, or another tab's. */
  let head: SessionHead | null = null;
  /** The head was written by another tab (received, or seen in shared storage). */
  let headIsForeign = false;
  /** The body of our last write or adoption, to skip unchanged writes. */
  let lastBody: string | undefined;
  let continuity: { id: string; state: 'open' | 'ended' } | null = null;
  /** Session objects replaced by a newer one; a save of one of them is stale. */
  const superseded = new WeakSet<AgentSession>();
  const origin = createSessionId();

  const replaceCurrent = (next: AgentSession | null): void => {
    if (current && current !== next) superseded.add(current);
    current = next;
  };

  const adopt = (session: AgentSession): void => {
    replaceCurrent(session);
    head = { id: session.id, version: session.version, updatedAt: session.updatedAt };
    headIsForeign = false;
    lastBody = serializeSessionBody(session);
  };

  const crossTab = options.crossTabSync ? (options.crossTabSync === true ? {} : options.crossTabSync) : undefined;
  let channel: SessionChannel | undefined;
  const receive = (message: CrossTabMessage): void => {
    if (message.type === 'clear') {
      if (head?.id !== message.id && current?.id !== message.id) return;
      if (peekSessionHead(storage.get(key))?.id === message.id) storage.remove(key);
      replaceCurrent(null);
      head = null;
      lastBody = undefined;
      emit({ type: 'remote_clear', id: message.id });
      return;
    }
    let session: AgentSession;
    try {
      session = parseStoredSession(message.text);
    } catch (error) {
      const problem = error instanceof SessionRecordError ? error.problem : 'invalid';
      emit({ type: 'record_dropped', key, source: 'remote', reason: problem, message: `An update from another tab was ignored: ${(error as Error).message}.` });
      return;
    }
    const incoming = { id: session.id, version: session.version, updatedAt: session.updatedAt };
    if (head && !isNewer(incoming, head, message.origin > origin)) {
      emit({
        type: 'stale_write_refused',
        source: 'remote',
        id: incoming.id,
        version: incoming.version,
        latest: head,
        message: `Another tab sent session "${incoming.id}" version ${incoming.version}, older than the one here (version ${head.version}); it was ignored.`,
      });
      return;
    }
    const stored = peekSessionHead(storage.get(key));
    if (!stored || isNewer(incoming, stored, true)) storage.set(key, message.text);
    adopt(session);
    headIsForeign = true;
    emit({ type: 'remote_update', session });
  };
  const ensureChannel = (): void => {
    if (crossTab && !channel) channel = openSessionChannel(key, origin, crossTab, receive);
  };
  ensureChannel();

  const store: SessionStore = {
    key,

    current: () => current,

    load() {
      const text = storage.get(key);
      if (text === null) {
        replaceCurrent(null);
        head = null;
        lastBody = undefined;
        return null;
      }
      const peeked = peekSessionHead(text);
      if (current && peeked && peeked.id === current.id && peeked.version === current.version) return current;
      try {
        adopt(parseStoredSession(text));
        return current;
      } catch (error) {
        const problem = error instanceof SessionRecordError ? error.problem : 'invalid';
        storage.remove(key);
        replaceCurrent(null);
        head = null;
        lastBody = undefined;
        emit({
          type: 'record_dropped',
          key,
          source: 'storage',
          reason: problem,
          message: `The stored session under "${key}" was dropped: ${(error as Error).message}. A new session starts with the next task.`,
        });
        return null;
      }
    },

    begin(task, beginOptions = {}) {
      if (typeof task !== 'string') throw new TypeError(`sessionStore.begin(task): task must be a string, got ${typeof task}.`);
      const existing = current ?? store.load();
      const decision = beginOptions.fresh
        ? { continue: false, reason: 'fresh-requested' as const }
        : decideContinuation(existing, {
            now: now(),
            continuityMs,
            scope,
            resumeWindowMs,
            continuity: continuity && existing && continuity.id === existing.id ? continuity.state : 'unknown',
          });
      const time = now();
      const session =
        decision.continue && existing ? existing : createSession({ task, currentPage: beginOptions.currentPage, now: time, id: createId() });
      const turn: AgentSession['turns'][number] = { kind: 'user', ts: time, text: task };
      if (beginOptions.selection) turn.selection = { ...beginOptions.selection };
      session.turns.push(turn);
      session.status = 'thinking';
      if (beginOptions.currentPage !== undefined) session.currentPage = beginOptions.currentPage;
      replaceCurrent(session);
      continuity = { id: session.id, state: 'open' };
      store.save(session);
      return { session, continued: session === existing, reason: decision.reason };
    },

    save(session) {
      if (crossTab) {
        // Another tab may share this storage (localStorage) without its message having arrived yet.
        const stored = peekSessionHead(storage.get(key));
        if (stored && (!head || isNewer(stored, head, false))) {
          head = stored;
          headIsForeign = true;
        }
      }
      const staleBecause = superseded.has(session)
        ? 'it was replaced by a newer session'
        : head && head.id === session.id && head.version > session.version
          ? `version ${session.version} is older than the stored version ${head.version}`
          : head && headIsForeign && head.id !== session.id && head.updatedAt > session.updatedAt
            ? `another tab stored a newer session ("${head.id}") since`
            : undefined;
      if (staleBecause) {
        emit({
          type: 'stale_write_refused',
          source: 'local',
          id: session.id,
          version: session.version,
          latest: head,
          message: `Session "${session.id}" was not saved: ${staleBecause}. Continue from sessionStore.current().`,
        });
        return { status: 'stale', session };
      }
      const body = serializeSessionBody(session);
      if (head && head.id === session.id && head.version === session.version && body === lastBody) {
        return { status: 'unchanged', session };
      }
      session.version += 1;
      session.updatedAt = Math.max(now(), session.updatedAt);
      head = { id: session.id, version: session.version, updatedAt: session.updatedAt };
      headIsForeign = false;
      lastBody = body;
      replaceCurrent(session);
      const text = composeStoredSession(head, body);
      storage.set(key, text);
      ensureChannel();
      channel?.post({ type: 'update', text });
      return { status: 'saved', session };
    },

    clear() {
      const id = current?.id ?? head?.id;
      storage.remove(key);
      replaceCurrent(null);
      head = null;
      lastBody = undefined;
      continuity = null;
      if (id) channel?.post({ type: 'clear', id });
    },

    endContinuity() {
      const session = current ?? head;
      continuity = session ? { id: session.id, state: 'ended' } : null;
    },

    interruptForFollowup() {
      const session = current ?? store.load();
      if (!session || !isRunningStatus(session.status)) return null;
      session.status = 'interrupted';
      store.save(session);
      return session;
    },

    resumable() {
      const session = current ?? store.load();
      return isResumable(session, now(), resumeWindowMs) ? session : null;
    },

    subscribe(listener) {
      if (typeof listener !== 'function') throw new TypeError('sessionStore.subscribe(listener): listener must be a function.');
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    dispose() {
      channel?.close();
      channel = undefined;
      listeners.clear();
    },
  };
  return store;
}

/**
 * Whether `a` is a later write than `b`. For the same session, the version counts first and then the
 * time; for different sessions, the time. `winsTie` settles an exact tie the same way in every tab.
 */
function isNewer(a: SessionHead, b: SessionHead, winsTie: boolean): boolean {
  if (a.id === b.id && a.version !== b.version) return a.version > b.version;
  if (a.updatedAt !== b.updatedAt) return a.updatedAt > b.updatedAt;
  return winsTie;
}

function resolveStorage(storage: SessionStoreOptions['storage']): StorageAdapter {
  if (storage === undefined || storage === 'session') return webStorage('session');
  if (storage === 'local') return webStorage('local');
  if (storage === 'memory') return memoryStorage();
  return storage;
}

function storageName(storage: SessionStoreOptions['storage']): string {
  if (storage === undefined || storage === 'session') return 'sessionStorage';
  if (storage === 'local') return 'localStorage';
  return 'the session storage';
}
