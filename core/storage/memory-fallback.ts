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
  /** Set at the switch. */
  let memory: MemoryMode | undefined;

  const switchToMemory = (operation: StorageFailure['operation'], key: string, error: unknown, reason?: StorageFailureReason): MemoryMode => {
    const why = reason ?? classifyStorageError(error);
    memory = { values: new Map(known), readThrough: operation !== 'get' && operation !== 'keys' && why !== 'blocked' && why !== 'unavailable' };
    notify(onFallback, { reason: why, operation, key, message: storageFailureMessage(why, operation, key, error, settings), error });
    return memory;
  };

  return {
    get degraded() {
      return memory !== undefined;
    },
    get(key) {
      if (memory) return readDegraded(primary, memory, key);
      try {
        const value = asValue(primary.get(key));
        known.set(key, value);
        return value;
      } catch (error) {
        return readDegraded(primary, switchToMemory('get', key, error), key);
      }
    },
    set(key, value) {
      if (memory) return void memory.values.set(key, value);
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
        switchToMemory('set', key, error).values.set(key, value);
      }
    },
    remove(key) {
      if (memory) return void memory.values.set(key, null);
      try {
        primary.remove(key);
        known.set(key, null);
      } catch (error) {
        switchToMemory('remove', key, error).values.set(key, null);
      }
    },
    keys() {
      if (memory) return keysDegraded(primary, memory);
      if (!primary.keys) return [...known].filter(([, value]) => value !== null).map(([key]) => key);
      try {
        return primary.keys();
      } catch (error) {
        return keysDegraded(primary, switchToMemory('keys', '', error));
      }
    },
    reportCorrupt(key, error) {
      (memory ?? switchToMemory('decode', key, error, 'corrupt')).values.set(key, null);
    },
  };
}

/** Where values live after the switch. */
interface MemoryMode {
  /** The values from the switch on; `null` for removed ones. */
  readonly values: Map<string, string | null>;
  /** Whether keys memory does not hold may still be read from the primary. */
  readThrough: boolean;
}

function readDegraded(primary: KeyValueStorage, memory: MemoryMode, key: string): string | null {
  if (memory.values.has(key)) return memory.values.get(key)!;
  if (!memory.readThrough) return null;
  try {
    return asValue(primary.get(key));
  } catch {
    memory.readThrough = false;
    return null;
  }
}

function keysDegraded(primary: KeyValueStorage, memory: MemoryMode): string[] {
  const keys = new Set<string>();
  if (memory.readThrough && primary.keys) {
    try {
      for (const key of primary.keys()) keys.add(key);
    } catch {
      memory.readThrough = false;
    }
  }
  for (const [key, value] of memory.values) {
    if (value === null) keys.delete(key);
    else keys.add(key);
  }
  return [...keys];
}

function notify(onFallback: (failure: StorageFailure) => void, failure: StorageFailure): void {
  try {
    onFallback(failure);
  } catch (listenerError) {
    console.error('dddk: a storage fallback listener threw', listenerError);
  }
}

function asValue(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
