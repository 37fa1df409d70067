import type { KeyValueStorage } from './key-value-storage.js';
import { classifyStorageError, storageFailureMessage, type StorageFailure, type StorageFailureReason, type StorageWording } from './storage-failure.js';

export interface FallbackStorage extends KeyValueStorage {
  /** The primary's keys (or, when it cannot list them, the ones seen here); after the switch, memory's too. */
  keys(): string[];
  /** True once the primary storage failed and values live in memory. */
  readonly degraded: boolean;
  /**
   * The caller could not decode the value it read under `key`: values live in memory from now on,
   * that value reads as absent, and the primary's copy is left as is for whoever wrote it.
   */
  reportCorrupt(key: string, error: unknown): void;
}

export interface FallbackOptions extends StorageWording {
  /**
   * On a failed write, remove the primary's older copy, so that a reload cannot pick up a state older
   * than the one in memory (a resumed run could repeat steps). Default true.
   */
  dropStaleCopy?: boolean;
}

/**
 * Wraps `primary` so that no operation ever throws: at the first failure (full, blocked, missing,
 * or a value the caller reports corrupt) every value from then on lives in memory for the rest of
 * the page, and `onFallback` is told, once. Nothing read or written before the switch is lost: the
 * last value seen for each key moves to memory, and keys never touched are still read from the
 * primary while it can be read (it is only full, say).
 */
export function withMemoryFallback(
  primary: KeyValueStorage,
  onFallback: (failure: StorageFailure) => void,
  /** The wording of the failure message; a string is the storage's name. */
  options: FallbackOptions | string = {},
): FallbackStorage {
  const settings: FallbackOptions = typeof options === 'string' ? { storageName: options } : options;
  /** The last value read or written per key; `null` when it is known to be absent. */
  const known = new Map<string, string | null>();
  /** Set at the switch: the values from then on, `null` for removed ones. */
  let memory: Map<string, string | null> | undefined;
  /** Whether keys memory does not hold may still be read from the primary. */
  let readThrough = false;

  const switchToMemory = (operation: StorageFailure['operation'], key: string, error: unknown, reason?: StorageFailureReason): Map<string, string | null> => {
    const why = reason ?? classifyStorageError(error);
    memory = new Map(known);
    readThrough = operation !== 'get' && operation !== 'keys' && why !== 'blocked' && why !== 'unavailable';
    const message = storageFailureMessage(why, operation, key, error, settings);
    try {
      onFallback({ reason: why, operation, key, message, error });
    } catch (listenerError) {
      console.error('dddk: a storage fallback listener threw', listenerError);
    }
    return memory;
  };

  const readDegraded = (values: Map<string, string | null>, key: string): string | null => {
    if (values.has(key)) return values.get(key)!;
    if (!readThrough) return null;
    try {
      return asValue(primary.get(key));
    } catch {
      readThrough = false;
      return null;
    }
  };

  const keysDegraded = (values: Map<string, string | null>): string[] => {
    const keys = new Set<string>();
    if (readThrough && primary.keys) {
      try {
        for (const key of primary.keys()) keys.add(key);
      } catch {
        readThrough = false;
      }
    }
    for (const [key, value] of values) {
      if (value === null) keys.delete(key);
      else keys.add(key);
    }
    return [...keys];
  };

  return {
    get degraded() {
      return memory !== undefined;
    },
    get(key) {
      if (memory) return readDegraded(memory, key);
      try {
        const value = asValue(primary.get(key));
        known.set(key, value);
        return value;
      } catch (error) {
        return readDegraded(switchToMemory('get', key, error), key);
      }
    },
    set(key, value) {
      if (memory) return void memory.set(key, value);
      try {
        primary.set(key, value);
        known.set(key, value);
      } catch (error) {
        if (settings.dropStaleCopy !== false) {
          try {
            primary.remove(key);
          } catch {
            // The primary is unusable; there is nothing more to clean.
          }
        }
        switchToMemory('set', key, error).set(key, value);
      }
    },
    remove(key) {
      if (memory) return void memory.set(key, null);
      try {
        primary.remove(key);
        known.set(key, null);
      } catch (error) {
        switchToMemory('remove', key, error).set(key, null);
      }
    },
    keys() {
      if (memory) return keysDegraded(memory);
      if (!primary.keys) return [...known].filter(([, value]) => value !== null).map(([key]) => key);
      try {
        return primary.keys();
      } catch (error) {
        return keysDegraded(switchToMemory('keys', '', error));
      }
    },
    reportCorrupt(key, error) {
      (memory ?? switchToMemory('decode', key, error, 'corrupt')).set(key, null);
    },
  };
}

function asValue(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
