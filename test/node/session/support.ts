import { memoryStorage, type KeyValueStorage as StorageAdapter } from '../../../core/storage/index.js';
import type { SessionStore, SessionStoreEvent } from '../../../core/agent/session/session-store.js';

/** A clock the test moves by hand. */
export function manualClock(start = 1_700_000_000_000) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

/** A memory adapter that counts the calls made to it. */
export function countingStorage() {
  const inner = memoryStorage();
  const calls = { get: 0, set: 0, remove: 0 };
  const adapter: StorageAdapter = {
    get: (key) => (calls.get++, inner.get(key)),
    set: (key, value) => (calls.set++, inner.set(key, value)),
    remove: (key) => (calls.remove++, inner.remove(key)),
  };
  return { adapter, calls, inner };
}

/** An adapter whose every operation throws `error`, recording what was attempted. */
export function throwingStorage(error: unknown) {
  const attempts: string[] = [];
  const adapter: StorageAdapter = {
    get: (key) => {
      attempts.push(`get ${key}`);
      throw error;
    },
    set: (key) => {
      attempts.push(`set ${key}`);
      throw error;
    },
    remove: (key) => {
      attempts.push(`remove ${key}`);
      throw error;
    },
  };
  return { adapter, attempts };
}

export function domException(name: string, code = 0): Error {
  const error = new Error(`${name} thrown by the test`);
  Object.defineProperty(error, 'name', { value: name });
  Object.defineProperty(error, 'code', { value: code });
  return error;
}

export function recordEvents(store: SessionStore): SessionStoreEvent[] {
  const events: SessionStoreEvent[] = [];
  store.subscribe((event) => events.push(event));
  return events;
}

/** Resolves with the next event of `type`, or rejects after `timeoutMs` (messages between channels are asynchronous). */
export function nextEvent<T extends SessionStoreEvent['type']>(
  store: SessionStore,
  type: T,
  timeoutMs = 2000,
): Promise<Extract<SessionStoreEvent, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no ${type} event within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = store.subscribe((event) => {
      if (event.type !== type) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(event as Extract<SessionStoreEvent, { type: T }>);
    });
  });
}
