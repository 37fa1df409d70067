import type { KeyValueStorage } from './key-value-storage.js';

/**
 * The keys of `storage` that start with `prefix`, seen without it: one skill's (or one part's) own
 * corner of a shared storage, which cannot read or overwrite the keys of any other.
 */
export function scopedStorage(storage: KeyValueStorage, prefix: string): KeyValueStorage {
  const keys = storage.keys;
  return {
    get: (key) => storage.get(`${prefix}${key}`),
    set: (key, value) => storage.set(`${prefix}${key}`, value),
    remove: (key) => storage.remove(`${prefix}${key}`),
    ...(keys ? { keys: () => keys.call(storage).filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length)) } : {}),
  };
}
