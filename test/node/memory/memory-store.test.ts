import { test } from 'node:test';
import assert from 'node:assert/strict';
// The IndexedDB interfaces (IDBRequest…) as globals, as a browser has them; each test still opens its own factory.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { MemoryDatabase } from '../../../core/memory/store/memory-database.js';
import type { MemoryRecord } from '../../../core/memory/store/memory-record.types.js';
import { openMemoryStore } from '../../../core/memory/store/memory-store.js';
import { indexedDbDump as rawDump } from '../../support/indexeddb-dump.js';
import type { StorageFailure } from '../../../core/storage/storage-failure.js';

const NOW = Date.UTC(2026, 5, 1);

function record(id: string, text: string, extra: Partial<MemoryRecord> = {}): MemoryRecord {
  return { id, tier: 'drawer', text, wing: 'chat', room: 's1', source: { by: 'visitor', runId: 'r1', turn: 2 }, createdAt: NOW, v: 1, ...extra };
}


test('written memories are there after the store is opened again, provenance and all', async () => {
  const factory = new IDBFactory();
  const first = await openMemoryStore({ factory, shareAcrossTabs: false, now: () => NOW });
  assert.equal(first.persistent, true);
  await first.write([record('m1', 'I prefer aisle seats'), record('m2', 'Order 12345 is late', { source: { by: 'page', url: 'https://shop.example/orders' } })]);
  first.close();
  const again = await openMemoryStore({ factory, shareAcrossTabs: false, now: () => NOW });
  assert.deepEqual(again.list().map((memory) => memory.id).sort(), ['m1', 'm2']);
  assert.deepEqual(again.get('m2')!.source, { by: 'page', url: 'https://shop.example/orders' });
  again.close();
});

test('forget leaves no byte of the memory in IndexedDB', async () => {
  const factory = new IDBFactory();
  const store = await openMemoryStore({ factory, shareAcrossTabs: false, now: () => NOW });
  await store.write([record('m1', 'my sister Zelda-Quince lives in Lyon'), record('m2', 'likes tea')]);
  assert.match(await rawDump(factory, 'dddk-memory'), /Zelda-Quince/);
  await store.forget(['m1']);
  const dump = await rawDump(factory, 'dddk-memory');
  assert.doesNotMatch(dump, /Zelda-Quince/);
  assert.match(dump, /likes tea/);
  await store.forgetAll();
  assert.doesNotMatch(await rawDump(factory, 'dddk-memory'), /likes tea/);
  store.close();
});

test('without IndexedDB the store says so once and keeps memories for the page', async () => {
  const failures: StorageFailure[] = [];
  const global = globalThis as { indexedDB?: IDBFactory };
  const kept = global.indexedDB;
  delete global.indexedDB;
  const store = await openMemoryStore({ shareAcrossTabs: false, onFailure: (failure) => failures.push(failure) }).finally(() => (global.indexedDB = kept));
  assert.equal(store.persistent, false);
  assert.deepEqual(failures.map((failure) => failure.reason), ['unavailable']);
  assert.match(failures[0]!.message, /IndexedDB is not available.*memories/);
  await store.write([record('m1', 'hello')]);
  assert.equal(store.get('m1')!.text, 'hello');
  const memoryOnly = await openMemoryStore({ factory: null, onFailure: (failure) => failures.push(failure) });
  assert.equal(memoryOnly.persistent, false);
  assert.equal(failures.length, 1, 'memory only, as asked, is no failure');
  store.close();
  memoryOnly.close();
});

test('a write that fails (IndexedDB full) loses nothing: what was stored stays, the page keeps the new one', async () => {
  const stored = new Map<string, MemoryRecord>();
  let full = false;
  const database: MemoryDatabase = {
    all: async () => [...stored.values()],
    get: async (ids) => ids.map((id) => stored.get(id)).filter(Boolean),
    async commit(change) {
      if (full && change.put) throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
      for (const item of change.put ?? []) stored.set(item.id, item);
      for (const id of change.delete ?? []) stored.delete(id);
    },
    close: () => undefined,
  };
  const failures: StorageFailure[] = [];
  const store = await openMemoryStore({ database, onFailure: (failure) => failures.push(failure) });
  await store.write([record('old', 'kept')]);
  full = true;
  await store.write([record('new', 'in memory only')]);
  assert.deepEqual(failures.map((failure) => [failure.reason, failure.operation]), [['quota-exceeded', 'set']]);
  assert.equal(store.persistent, false);
  assert.deepEqual([...stored.keys()], ['old'], 'IndexedDB still holds what it held');
  assert.deepEqual(store.list().map((memory) => memory.id), ['old', 'new']);
  await store.forget(['old']);
  assert.deepEqual([...stored.keys()], [], 'a forget still reaches IndexedDB after the fallback');
  store.close();
});

test('a stored value that is not a memory is said once, skipped and left as is; a bad write is refused whole', async () => {
  const factory = new IDBFactory();
  const seed = await openMemoryStore({ factory, shareAcrossTabs: false });
  await seed.write([record('good', 'fine')]);
  seed.close();
  await new Promise<void>((resolve) => {
    const request = factory.open('dddk-memory');
    request.onsuccess = () => {
      const tx = request.result.transaction('records', 'readwrite');
      tx.objectStore('records').put({ id: 'junk', tier: 'nonsense' });
      tx.oncomplete = () => {
        request.result.close();
        resolve();
      };
    };
  });
  const failures: StorageFailure[] = [];
  const store = await openMemoryStore({ factory, shareAcrossTabs: false, onFailure: (failure) => failures.push(failure) });
  assert.deepEqual(store.list().map((memory) => memory.id), ['good']);
  assert.deepEqual(failures.map((failure) => [failure.reason, failure.key]), [['corrupt', 'junk']]);
  assert.equal(store.persistent, true);
  await assert.rejects(store.write([record('a', 'x'), { ...record('b', 'y'), source: { by: 'someone' as never } }]), { name: 'TypeError', message: /records\[1\]: source\.by must be one of visitor, host, model, page/ });
  assert.equal(store.get('a'), undefined, 'nothing of a refused write is stored');
  assert.match(await rawDump(factory, 'dddk-memory'), /"junk"/);
  store.close();
});

test('retention: memories past their time are forgotten as the store opens', async () => {
  const factory = new IDBFactory();
  const store = await openMemoryStore({ factory, shareAcrossTabs: false, now: () => NOW });
  await store.write([record('stale', 'old news', { expiresAt: NOW + 1000 }), record('fresh', 'still true', { expiresAt: NOW + 10 * 86_400_000 })]);
  store.close();
  const later = await openMemoryStore({ factory, shareAcrossTabs: false, now: () => NOW + 2 * 86_400_000 });
  assert.deepEqual(later.list().map((memory) => memory.id), ['fresh']);
  assert.doesNotMatch(await rawDump(factory, 'dddk-memory'), /old news/);
  later.close();
});

test("two tabs see each other's writes and forgets", async () => {
  const factory = new IDBFactory();
  const name = `tabs-${Math.random()}`;
  const one = await openMemoryStore({ factory, name });
  const two = await openMemoryStore({ factory, name });
  const heard: Array<{ put: readonly string[]; deleted: readonly string[]; fromOtherTab: boolean }> = [];
  two.subscribe((change) => heard.push(change));
  await one.write([record('m1', 'from tab one')]);
  await waitFor(() => two.get('m1') !== undefined);
  assert.equal(two.get('m1')!.text, 'from tab one');
  await one.forget(['m1']);
  await waitFor(() => two.get('m1') === undefined);
  assert.deepEqual(heard.map((change) => change.fromOtherTab), [true, true]);
  one.close();
  two.close();
});

async function waitFor(condition: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test('a failure at each step says so and loses nothing: reading at open, writing, deleting', async () => {
  const stored = new Map<string, MemoryRecord>([['kept', record('kept', 'already stored')]]);
  const broken = { all: false, put: false, delete: false };
  const database: MemoryDatabase = {
    all: async () => {
      if (broken.all) throw Object.assign(new Error('read failed'), { name: 'UnknownError' });
      return [...stored.values()];
    },
    get: async (ids) => ids.map((id) => stored.get(id)).filter(Boolean),
    async commit(change) {
      if ((change.put && broken.put) || (change.delete && broken.delete)) throw Object.assign(new Error('the disk is gone'), { name: 'UnknownError' });
      for (const item of change.put ?? []) stored.set(item.id, item);
      for (const id of change.delete ?? []) stored.delete(id);
    },
    close: () => undefined,
  };
  const failures: StorageFailure[] = [];
  broken.all = true;
  const unreadable = await openMemoryStore({ database, shareAcrossTabs: false, onFailure: (failure) => failures.push(failure) });
  assert.deepEqual(failures.map((failure) => [failure.reason, failure.operation]), [['failed', 'get']]);
  assert.equal(unreadable.persistent, false);
  assert.ok(stored.has('kept'), 'what IndexedDB held is untouched');
  unreadable.close();

  broken.all = false;
  failures.length = 0;
  const store = await openMemoryStore({ database, shareAcrossTabs: false, onFailure: (failure) => failures.push(failure) });
  broken.delete = true;
  await assert.rejects(store.forget(['kept']), /IndexedDB could not delete 1 memories.*gone from this page/);
  assert.equal(store.get('kept'), undefined, 'gone from the page');
  assert.deepEqual(failures.map((failure) => [failure.reason, failure.operation]), [['failed', 'remove']]);
  broken.delete = false;
  await store.forget(['kept']);
  assert.equal(stored.has('kept'), false, 'a later forget deletes it');
  store.close();
});
