import type { StorageFailure } from '../../storage/storage-failure.js';
import type { MemoryDatabase } from './memory-database.js';
import type { MemoryRecord } from './memory-record.types.js';

export interface MemoryStoreOptions {
  /** The IndexedDB database's name. Default `dddk-memory`. */
  name?: string;
  /** The IndexedDB to use; default the page's; `null` keeps memories in memory only. */
  factory?: IDBFactory | null;
  /** A database of the host's instead of IndexedDB (the same shape); wins over `factory`. */
  database?: MemoryDatabase;
  /** Told once when the store falls back to memory, and of each record that cannot be read. Default a console warning. */
  onFailure?: (failure: StorageFailure) => void;
  /** Hear the changes other tabs make (BroadcastChannel). Default true where the page has it. */
  shareAcrossTabs?: boolean;
  /** The clock that retention is judged by. Default `Date.now`. */
  now?: () => number;
}

export interface MemoryStoreChange {
  put: readonly string[];
  deleted: readonly string[];
  /** Made by another tab, read here after it landed there. */
  fromOtherTab: boolean;
}

export interface MemoryStore {
  /** False once the store keeps memories in memory only (no IndexedDB, or it failed). */
  readonly persistent: boolean;
  list(): MemoryRecord[];
  get(id: string): MemoryRecord | undefined;
  /** Stores the records (each checked; a TypeError names the first that is wrong, and nothing is stored). */
  write(records: readonly MemoryRecord[]): Promise<void>;
  /** Deletes the records of these ids, in one transaction; rejects when IndexedDB could not delete them (they are gone from the page). */
  forget(ids: readonly string[]): Promise<void>;
  /** Deletes every record, those this page could not read included. */
  forgetAll(): Promise<void>;
  subscribe(listener: (change: MemoryStoreChange) => void): () => void;
  close(): void;
}
