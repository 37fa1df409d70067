import type { KeyValueStorage } from './key-value-storage.js';

export interface MemoryStorage extends KeyValueStorage {
  keys(): string[];
  readonly size: number;
}

/** Storage that lives as long as the page (or the process). */
export function memoryStorage(): MemoryStorage {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, String(value)),
    remove: (key) => void values.delete(key),
    keys: () => [...values.keys()],
    get size() {
      return values.size;
    },
  };
}
