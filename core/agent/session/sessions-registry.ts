import { createSession } from './session-record.js';
import { createSessionStore, type SaveResult, type SessionStore, type SessionStoreOptions } from './session-store.js';
import type { AgentSession } from './session.types.js';

export interface SessionsRegistryOptions extends Pick<SessionStoreOptions, 'storage' | 'now' | 'createId' | 'onEvent'> {}

export interface SessionsRegistry {
  /**
   * The session under `name`, created on first use. With `persistKey` it is loaded from (and later
   * saved to) that storage key; without, it lives in memory. Every caller gets the same object, so
   * agents that share a name share the conversation.
   */
  get(name: string, options?: { persistKey?: string; currentPage?: string }): AgentSession;
  has(name: string): boolean;
  list(): string[];
  /** Replaces the session under `name` with a fresh one (the "new conversation" button) and returns it. */
  reset(name: string, options?: { currentPage?: string }): AgentSession;
  /** Saves the session under `name` to its `persistKey`; `undefined` for a session kept in memory. */
  persist(name: string): SaveResult | undefined;
  /** Forgets the session under `name`, and its stored copy. */
  clear(name: string): void;
}

interface Entry {
  session: AgentSession;
  persistKey?: string;
  store?: SessionStore;
}

/** Named sessions that several agents on one page can share. */
export function createSessionsRegistry(options: SessionsRegistryOptions = {}): SessionsRegistry {
  const entries = new Map<string, Entry>();
  const now = options.now ?? Date.now;

  const fresh = (currentPage?: string): AgentSession =>
    createSession({ task: '', currentPage, now: now(), id: options.createId?.() });

  const entryOf = (name: string, call: string): Entry => {
    const entry = entries.get(name);
    if (!entry) throw new Error(`sessions.${call}("${name}"): no session has that name; call sessions.get("${name}") first.`);
    return entry;
  };

  const registry: SessionsRegistry = {
    get(name, getOptions = {}) {
      const existing = entries.get(name);
      if (existing) {
        if (getOptions.persistKey !== undefined && getOptions.persistKey !== existing.persistKey) {
          throw new Error(
            `sessions.get("${name}"): the session is already kept under ${existing.persistKey ? `"${existing.persistKey}"` : 'no persistKey'}; pass the same persistKey or reset it first.`,
          );
        }
        return existing.session;
      }
      const entry: Entry = { session: fresh(getOptions.currentPage) };
      if (getOptions.persistKey !== undefined) {
        entry.persistKey = getOptions.persistKey;
        entry.store = createSessionStore({ ...options, key: getOptions.persistKey });
        entry.session = entry.store.load() ?? entry.session;
      }
      entries.set(name, entry);
      return entry.session;
    },

    has: (name) => entries.has(name),
    list: () => [...entries.keys()],

    reset(name, resetOptions = {}) {
      const entry = entries.get(name);
      if (!entry) return registry.get(name, resetOptions);
      entry.store?.clear();
      entry.session = fresh(resetOptions.currentPage);
      entry.store?.save(entry.session);
      return entry.session;
    },

    persist(name) {
      const entry = entryOf(name, 'persist');
      return entry.store?.save(entry.session);
    },

    clear(name) {
      const entry = entries.get(name);
      if (!entry) return;
      entry.store?.clear();
      entry.store?.dispose();
      entries.delete(name);
    },
  };
  return registry;
}
