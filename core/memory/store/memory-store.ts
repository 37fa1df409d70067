/**
 * The memories of a visitor, kept in IndexedDB and mirrored in memory. Nothing crashes for the
 * storage's sake and nothing stored is lost: IndexedDB missing, blocked, full or failing is said
 * once (a `StorageFailure`, as every store of the kit says it) and the page goes on in memory; a
 * record that cannot be read is left as is and skipped; every change is one transaction; other tabs
 * hear of each change and read it.
 */
import { memoryRecordProblem } from './check-memory-record.js';
import { openIndexedDbMemory, type MemoryDatabase } from './memory-database.js';
import type { MemoryRecord } from './memory-record.types.js';
import type { MemoryStore, MemoryStoreChange, MemoryStoreOptions } from './memory-store.types.js';

export type { MemoryStore, MemoryStoreChange, MemoryStoreOptions } from './memory-store.types.js';
import { createStoreFailures, readRecords, type StoreFailures } from './store-failures.js';
import { shareChanges } from './tab-channel.js';

export async function openMemoryStore(options: MemoryStoreOptions = {}): Promise<MemoryStore> {
  const name = options.name ?? 'dddk-memory';
  const failures = createStoreFailures(options.onFailure);
  const db = await openDatabase(name, options, failures);
  const mirror = new Map<string, MemoryRecord>();
  if (db) {
    try {
      for (const record of readRecords(await db.all(), failures)) mirror.set(record.id, record);
    } catch (error) {
      failures.fallBack('get', error);
    }
  }
  const listeners = new Set<(change: MemoryStoreChange) => void>();
  const tell = (change: MemoryStoreChange) => {
    for (const listener of [...listeners]) listener(change);
  };
  const channel = db && options.shareAcrossTabs !== false ? shareChanges(name, db, failures, mirror, tell) : undefined;
  const store = createStore({ db, failures, mirror, listeners, tell, announce: (change) => channel?.announce(change), close: () => channel?.close() });
  // Retention: what has expired goes as the store opens.
  const now = (options.now ?? Date.now)();
  const expired = [...mirror.values()].filter((record) => record.expiresAt !== undefined && record.expiresAt <= now).map((record) => record.id);
  if (expired.length > 0) await store.forget(expired).catch(() => undefined);
  return store;
}

async function openDatabase(name: string, options: MemoryStoreOptions, failures: StoreFailures): Promise<MemoryDatabase | undefined> {
  if (options.database) return options.database;
  if (options.factory === null) {
    failures.memoryOnly();
    return undefined;
  }
  try {
    return await openIndexedDbMemory({ name, ...(options.factory ? { factory: options.factory } : {}) });
  } catch (error) {
    failures.fallBack('get', error);
    return undefined;
  }
}

interface StoreParts {
  db: MemoryDatabase | undefined;
  failures: StoreFailures;
  mirror: Map<string, MemoryRecord>;
  listeners: Set<(change: MemoryStoreChange) => void>;
  tell(change: MemoryStoreChange): void;
  announce(change: { put: readonly string[]; deleted: readonly string[] }): void;
  close(): void;
}

function createStore({ db, failures, mirror, listeners, tell, announce, close }: StoreParts): MemoryStore {
  const store: MemoryStore = {
    get persistent() {
      return db !== undefined && !failures.fellBack;
    },
    list: () => [...mirror.values()],
    get: (id) => mirror.get(id),
    async write(records) {
      records.forEach((record, index) => {
        const problem = memoryRecordProblem(record);
        if (problem) throw new TypeError(`memory.write(records): records[${index}]: ${problem}`);
      });
      const copies = records.map((record) => structuredClone(record));
      for (const record of copies) mirror.set(record.id, record);
      tell({ put: copies.map((record) => record.id), deleted: [], fromOtherTab: false });
      // After a fallback the page keeps them; IndexedDB keeps what it held, untouched.
      if (!db || failures.fellBack) return;
      try {
        await db.commit({ put: copies });
        announce({ put: copies.map((record) => record.id), deleted: [] });
      } catch (error) {
        failures.fallBack('set', error, copies[0]?.id);
      }
    },
    async forget(ids) {
      for (const id of ids) mirror.delete(id);
      tell({ put: [], deleted: [...ids], fromOtherTab: false });
      if (!db) return;
      // Tried even after a fallback: what IndexedDB holds must go when the visitor asks.
      try {
        await db.commit({ delete: ids });
        announce({ put: [], deleted: ids });
      } catch (error) {
        failures.fallBack('remove', error, ids[0]);
        throw new Error(`dddk: IndexedDB could not delete ${ids.length} memories (${error instanceof Error ? error.message : String(error)}); they are gone from this page, and a later forget tries again`, { cause: error });
      }
    },
    async forgetAll() {
      const stored = db ? ((await db.all().catch(() => [])) as Array<{ id?: unknown }>) : [];
      const ids = new Set([...mirror.keys(), ...stored.map((value) => value?.id).filter((id): id is string => typeof id === 'string')]);
      await store.forget([...ids]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      close();
      db?.close();
      listeners.clear();
    },
  };
  return store;
}
