import { classifyStorageError, storageFailureMessage, type StorageFailure } from '../../storage/storage-failure.js';
import { memoryRecordProblem } from './check-memory-record.js';
import type { MemoryRecord } from './memory-record.types.js';

const WORDING = {
  storageName: 'IndexedDB',
  subject: 'memories',
  consequence: 'the visitor is not remembered on the next visit',
  optionName: 'memory.database',
  fix: 'Let the site store data (private windows and some privacy settings block IndexedDB), or pass `memory.database`, a store of the host’s.',
};

/** How the memory store says what went wrong: the fallback once, each unreadable record once. */
export interface StoreFailures {
  readonly fellBack: boolean;
  /** IndexedDB failed: said once; the page goes on in memory. */
  fallBack(operation: StorageFailure['operation'], error: unknown, key?: string): void;
  /** The host asked for memory only: nothing to say. */
  memoryOnly(): void;
  corrupt(key: string, problem: string): void;
}

export function createStoreFailures(onFailure?: (failure: StorageFailure) => void): StoreFailures {
  const report = onFailure ?? ((failure: StorageFailure) => console.warn(`dddk: ${failure.message}`));
  let fellBack = false;
  const told = new Set<string>();
  return {
    get fellBack() {
      return fellBack;
    },
    fallBack(operation, error, key = '') {
      if (fellBack) return;
      fellBack = true;
      const reason = classifyStorageError(error);
      report({ reason, operation, key, error, message: storageFailureMessage(reason, operation, key, error, WORDING) });
    },
    memoryOnly() {
      fellBack = true;
    },
    corrupt(key, problem) {
      if (told.has(key)) return;
      told.add(key);
      const error = new TypeError(problem);
      report({ reason: 'corrupt', operation: 'decode', key, error, message: storageFailureMessage('corrupt', 'decode', key, error, WORDING) });
    },
  };
}

/** The stored values that are records of the current format; each other one is said and skipped, and left as is. */
export function readRecords(values: readonly unknown[], failures: StoreFailures): MemoryRecord[] {
  const records: MemoryRecord[] = [];
  for (const value of values) {
    const problem = memoryRecordProblem(value);
    if (!problem) records.push(value as MemoryRecord);
    else failures.corrupt(typeof (value as { id?: unknown })?.id === 'string' ? (value as { id: string }).id : '', problem);
  }
  return records;
}
