/**
 * One lexical index over every tier's memories, kept in step with the store (this tab's changes and
 * other tabs'): the profile's fields in a wing of their own, each run summary alone in its room, and
 * drawer entries in their wings and rooms, so the neighbours of a match are the turns around it.
 */
import { createDrawerIndex } from './drawer/drawer-index.js';
import type { DrawerIndex } from './drawer/drawer.types.js';
import type { MemoryRecord } from './store/memory-record.types.js';
import type { MemoryStore } from './store/memory-store.types.js';

export interface MemoryIndex {
  readonly drawer: DrawerIndex;
  /** The records in force: each superseded one left out. */
  current(): MemoryRecord[];
  dispose(): void;
}

export function createMemoryIndex(store: MemoryStore, now: () => number): MemoryIndex {
  const drawer = createDrawerIndex({ now });
  const superseded = new Set<string>();
  const place = (record: MemoryRecord) =>
    record.tier === 'core'
      ? { wing: 'profile', room: record.key ?? record.id }
      : record.tier === 'episodic'
        ? { wing: 'episodes', room: record.id }
        : { wing: `drawer:${record.wing ?? 'notes'}`, room: record.room ?? 'notes' };
  const index = (record: MemoryRecord) => {
    if (record.supersedes) {
      superseded.add(record.supersedes);
      drawer.remove(record.supersedes);
    }
    drawer.remove(record.id);
    if (superseded.has(record.id)) return;
    drawer.add({ id: record.id, ...place(record), text: record.text, ...(record.fields ? { fields: record.fields } : {}), at: record.createdAt });
  };
  const rebuild = () => {
    superseded.clear();
    for (const record of store.list()) if (record.supersedes) superseded.add(record.supersedes);
    for (const record of store.list()) index(record);
  };
  rebuild();
  const stop = store.subscribe((change) => {
    for (const id of change.deleted) drawer.remove(id);
    for (const id of change.put) {
      const record = store.get(id);
      if (record) index(record);
    }
  });
  return {
    drawer,
    current: () => store.list().filter((record) => !superseded.has(record.id)),
    dispose: stop,
  };
}
