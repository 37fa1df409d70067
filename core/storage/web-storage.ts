import type { KeyValueStorage } from './key-value-storage.js';
import { StorageUnavailableError } from './storage-unavailable-error.js';

/** What the adapter uses of a Web Storage object: another realm's storage or a test double will do. */
export type WebStorageLike = Pick<Storage, 'getItem' | 'setItem'> & Partial<Pick<Storage, 'removeItem' | 'key' | 'length'>>;

export interface WebStorageAdapter extends KeyValueStorage {
  keys(): string[];
}

/**
 * The page's `sessionStorage` or `localStorage`, looked up on every call (never at import time).
 * Reading the property throws a SecurityError where storage is blocked (sandboxed frames, some privacy
 * settings) and `setItem` throws a QuotaExceededError when it is full: both reach the caller, and a
 * missing storage throws `StorageUnavailableError`, so `withMemoryFallback` can say which it was.
 */
export function webStorage(kind: 'session' | 'local'): WebStorageAdapter {
  const name = kind === 'session' ? 'sessionStorage' : 'localStorage';
  return adaptWebStorage(() => {
    const storage = (globalThis as { sessionStorage?: Storage; localStorage?: Storage })[name];
    if (!storage) throw new StorageUnavailableError(`${name} does not exist here`);
    return storage;
  }, name);
}

/** The port over a Web Storage object, or over a function that finds one on each call. */
export function adaptWebStorage(storage: WebStorageLike | (() => WebStorageLike), name = 'the storage'): WebStorageAdapter {
  const resolve = typeof storage === 'function' ? storage : () => storage;
  return {
    get: (key) => resolve().getItem(key),
    set: (key, value) => resolve().setItem(key, value),
    remove(key) {
      const found = resolve();
      if (!found.removeItem) throw new StorageUnavailableError(`${name} cannot remove entries`);
      found.removeItem(key);
    },
    keys() {
      const found = resolve();
      if (!found.key || typeof found.length !== 'number') throw new StorageUnavailableError(`${name} cannot list its keys`);
      const keys: string[] = [];
      for (let index = 0; index < found.length; index++) {
        const key = found.key(index);
        if (key !== null) keys.push(key);
      }
      return keys;
    },
  };
}
