/**
 * Where memories persist: IndexedDB through `idb` (versioned schema with upgrade steps, one
 * transaction over several records, so a forget removes a memory and what was made from it together;
 * idb-keyval's single key space has neither).
 */
import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import { StorageUnavailableError } from '../../storage/storage-unavailable-error.js';
import type { MemoryRecord } from './memory-record.types.js';

/** The database's schema version; each version's step is in `upgrade` below. */
export const MEMORY_DB_VERSION = 1;

interface MemorySchema extends DBSchema {
  records: { key: string; value: MemoryRecord; indexes: { tier: string } };
}

/** The records as stored (unchecked: a record is read as untrusted), put and deleted in one transaction each. */
export interface MemoryDatabase {
  /** Every stored value, as stored: the caller checks each. */
  all(): Promise<unknown[]>;
  get(ids: readonly string[]): Promise<unknown[]>;
  /** Writes and deletes in one transaction: all of it lands, or none. */
  commit(change: { put?: readonly MemoryRecord[]; delete?: readonly string[] }): Promise<void>;
  close(): void;
}

export interface OpenMemoryDatabaseOptions {
  name: string;
  /** The IndexedDB to use (a test's fake, a host's); default the page's. */
  factory?: IDBFactory;
  /** How long an open blocked by another tab may wait before it counts as failed. Default 3000 ms. */
  blockedTimeoutMs?: number;
}

/** Opens (creating or upgrading) the IndexedDB database; rejects when IndexedDB is missing, blocked or fails. */
export async function openIndexedDbMemory(options: OpenMemoryDatabaseOptions): Promise<MemoryDatabase> {
  const factory = options.factory ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory) throw new StorageUnavailableError('IndexedDB does not exist here');
  const db = await withBlockedTimeout(options.blockedTimeoutMs ?? 3000, (onBlocked) => {
    const request = factory.open(options.name, MEMORY_DB_VERSION);
    request.onupgradeneeded = (event) => upgrade(request.result, event.oldVersion);
    request.onblocked = onBlocked;
    return wrap(request) as unknown as Promise<IDBPDatabase<MemorySchema>>;
  });
  // A newer kit in another tab upgrades the database: this tab lets go of it.
  db.addEventListener('versionchange', () => db.close());
  return {
    all: () => db.getAll('records'),
    get: (ids) => Promise.all(ids.map((id) => db.get('records', id))).then((found) => found.filter((value) => value !== undefined)),
    async commit(change) {
      const tx = db.transaction('records', 'readwrite');
      const writes = [...(change.put ?? []).map((record) => tx.store.put(record)), ...(change.delete ?? []).map((id) => tx.store.delete(id))];
      await Promise.all([...writes, tx.done]);
    },
    close: () => db.close(),
  };
}

/** Each schema version's step, from the version found to the current one. */
function upgrade(database: IDBDatabase, oldVersion: number): void {
  if (oldVersion < 1) {
    const records = database.createObjectStore('records', { keyPath: 'id' });
    records.createIndex('tier', 'tier');
  }
}

function withBlockedTimeout<T>(ms: number, open: (onBlocked: () => void) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onBlocked = () => {
      timer ??= setTimeout(() => reject(Object.assign(new Error('another tab keeps an older version of the memory database open'), { name: 'BlockedError' })), ms);
    };
    open(onBlocked).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
