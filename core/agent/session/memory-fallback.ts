import { memoryStorage, StorageUnavailableError, type StorageAdapter } from './storage-adapters.js';

export type StorageFailureReason = 'quota-exceeded' | 'blocked' | 'unavailable' | 'failed';

/** A storage operation that threw, and what happens now. */
export interface StorageFailure {
  reason: StorageFailureReason;
  operation: 'get' | 'set' | 'remove';
  key: string;
  /** Phrased for the host: what failed, what the kit does instead, what to change. */
  message: string;
  error: unknown;
}

export interface FallbackStorage extends StorageAdapter {
  /** True once the primary storage failed and values live in memory. */
  readonly degraded: boolean;
}

/**
 * Wraps `primary` so that no operation ever throws: at the first failure, every value from then on
 * lives in memory for the rest of the page, and `onFailure` is told once. On a failed write the
 * primary's older copy is removed when possible, so a reload cannot resume a state older than the
 * one in memory (which could repeat steps).
 */
export function withMemoryFallback(
  primary: StorageAdapter,
  onFailure: (failure: StorageFailure) => void,
  storageName = 'the session storage',
): FallbackStorage {
  let memory: StorageAdapter | undefined;

  const degrade = (operation: StorageFailure['operation'], key: string, error: unknown): StorageAdapter => {
    memory = memoryStorage();
    const reason = classifyStorageError(error);
    onFailure({ reason, operation, key, error, message: failureMessage(reason, operation, key, storageName, error) });
    return memory;
  };

  return {
    get degraded() {
      return memory !== undefined;
    },
    get(key) {
      if (memory) return memory.get(key);
      try {
        const value = primary.get(key);
        return typeof value === 'string' ? value : null;
      } catch (error) {
        return degrade('get', key, error).get(key);
      }
    },
    set(key, value) {
      if (memory) return memory.set(key, value);
      try {
        primary.set(key, value);
      } catch (error) {
        try {
          primary.remove(key);
        } catch {
          // The primary is unusable; there is nothing more to clean.
        }
        degrade('set', key, error).set(key, value);
      }
    },
    remove(key) {
      if (memory) return memory.remove(key);
      try {
        primary.remove(key);
      } catch (error) {
        degrade('remove', key, error).remove(key);
      }
    },
  };
}

/** Names a storage error: browsers spell "full" three ways, and "blocked" as a SecurityError. */
export function classifyStorageError(error: unknown): StorageFailureReason {
  if (error instanceof StorageUnavailableError) return 'unavailable';
  const { name, code } = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; code?: unknown };
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014) return 'quota-exceeded';
  if (name === 'SecurityError') return 'blocked';
  return 'failed';
}

function failureMessage(
  reason: StorageFailureReason,
  operation: StorageFailure['operation'],
  key: string,
  storageName: string,
  error: unknown,
): string {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const cause = {
    'quota-exceeded': `${storageName} is full`,
    blocked: `${storageName} is blocked by the browser`,
    unavailable: `${storageName} is not available`,
    failed: `${storageName} failed`,
  }[reason];
  const fix =
    reason === 'quota-exceeded'
      ? 'Free space in that storage, or pass a `storage` adapter with more room.'
      : 'Pass another `storage` adapter (localStorage, memory, or the host\'s) to keep sessions across reloads.';
  return `${cause} (${operation} "${key}": ${detail}); sessions are kept in memory for the rest of this page, so a reload will not resume a run. ${fix}`;
}
