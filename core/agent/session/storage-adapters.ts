/**
 * Where sessions are kept. Synchronous, so a session is written before the next step runs (and before
 * an `unload`). An adapter may throw; the store then falls back to memory and says why.
 */
export interface StorageAdapter {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** The page's `sessionStorage` or `localStorage`, looked up on every call (never at import time). */
export function webStorage(kind: 'session' | 'local'): StorageAdapter {
  const name = kind === 'session' ? 'sessionStorage' : 'localStorage';
  const resolve = (): Storage => {
    // Reading the property itself throws a SecurityError where storage is blocked (sandboxed frames, some privacy settings).
    const storage = (globalThis as { sessionStorage?: Storage; localStorage?: Storage })[name];
    if (!storage) throw new StorageUnavailableError(`${name} does not exist here`);
    return storage;
  };
  return {
    get: (key) => resolve().getItem(key),
    set: (key, value) => resolve().setItem(key, value),
    remove: (key) => resolve().removeItem(key),
  };
}

/** Storage that lives as long as the page (or the process). */
export function memoryStorage(): StorageAdapter & { readonly size: number } {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, String(value)),
    remove: (key) => void values.delete(key),
    get size() {
      return values.size;
    },
  };
}

export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
}
