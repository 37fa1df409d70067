import type { MemoryDatabase } from './memory-database.js';
import type { MemoryRecord } from './memory-record.types.js';
import type { MemoryStoreChange } from './memory-store.types.js';
import { readRecords, type StoreFailures } from './store-failures.js';

export interface TabChannel {
  announce(change: { put: readonly string[]; deleted: readonly string[] }): void;
  close(): void;
}

/**
 * Tells the other tabs of this origin which memories changed (ids only: the records stay in
 * IndexedDB), and reads what they changed into this tab's mirror. Undefined where the page has no
 * BroadcastChannel.
 */
export function shareChanges(name: string, db: MemoryDatabase, failures: StoreFailures, mirror: Map<string, MemoryRecord>, tell: (change: MemoryStoreChange) => void): TabChannel | undefined {
  if (typeof BroadcastChannel !== 'function') return undefined;
  const channel = new BroadcastChannel(`dddk-memory:${name}`);
  const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
  channel.onmessage = async (event: MessageEvent<{ put?: unknown; deleted?: unknown }>) => {
    const put = ids(event.data?.put);
    const deleted = ids(event.data?.deleted);
    for (const id of deleted) mirror.delete(id);
    const read = put.length > 0 ? readRecords(await db.get(put).catch(() => []), failures) : [];
    for (const record of read) mirror.set(record.id, record);
    tell({ put: read.map((record) => record.id), deleted, fromOtherTab: true });
  };
  return {
    announce: (change) => channel.postMessage({ put: [...change.put], deleted: [...change.deleted] }),
    close: () => channel.close(),
  };
}
