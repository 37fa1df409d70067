import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLocalStorageDocumentStore, DocumentStoreError, StaleWriteError, type DocumentStorage } from '../../../core/targets/stores/index.js';
import { adaptWebStorage, withMemoryFallback, type StorageFailure } from '../../../core/storage/index.js';

/** An in-memory Storage that can be told to run out of space. */
function fakeStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  let full = false;
  const storage: DocumentStorage & { items: Map<string, string>; setFull(value: boolean): void } = {
    items,
    setFull(value) {
      full = value;
    },
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      if (full) throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError', code: 22 });
      items.set(key, value);
    },
  };
  return storage;
}

describe('localStorage document store', () => {
  it('reads the initial html while the key is empty, then round-trips a write', async () => {
    const storage = fakeStorage();
    const store = createLocalStorageDocumentStore({ key: 'page', storage, initialHtml: '<p>seed</p>' });
    assert.equal(await store.read(), '<p>seed</p>');
    await store.write({ html: '<p>saved</p>' });
    assert.equal(await createLocalStorageDocumentStore({ key: 'page', storage }).read(), '<p>saved</p>');
  });

  it('refuses a stale write from a second tab', async () => {
    const storage = fakeStorage();
    const tabA = createLocalStorageDocumentStore({ key: 'page', storage });
    const tabB = createLocalStorageDocumentStore({ key: 'page', storage });
    await tabA.read();
    await tabB.read();
    await tabA.write({ html: 'A' });
    await assert.rejects(tabB.write({ html: 'B' }), StaleWriteError);
    assert.equal(await createLocalStorageDocumentStore({ key: 'page', storage }).read(), 'A');
    await tabA.write({ html: 'A again' });
    assert.equal(await tabB.read(), 'A again');
  });

  it('reports a full storage clearly and keeps the previous document', async () => {
    const storage = fakeStorage();
    const store = createLocalStorageDocumentStore({ key: 'page', storage });
    await store.read();
    await store.write({ html: 'kept' });
    const before = storage.items.get('page');
    storage.setFull(true);
    await assert.rejects(store.write({ html: 'too big' }), (error: unknown) => {
      assert.ok(error instanceof DocumentStoreError);
      assert.equal(error.code, 'quota');
      assert.match(error.message, /full.*previous version is kept/);
      return true;
    });
    assert.equal(storage.items.get('page'), before);
    // Once space is freed, the same store saves without reading again.
    storage.setFull(false);
    await store.write({ html: 'fits now' });
    assert.equal(await store.read(), 'fits now');
  });

  for (const [label, raw] of [
    ['not JSON', '<p>hand-written html</p>'],
    ['JSON of another shape', '{"html":"x"}'],
    ['a bad version', '{"format":"dddk-document","version":-1,"html":"x"}'],
  ] as const) {
    it(`refuses to read ${label}, and never overwrites it`, async () => {
      const storage = fakeStorage({ page: raw });
      const store = createLocalStorageDocumentStore({ key: 'page', storage });
      await assert.rejects(store.read(), (error: unknown) => {
        assert.ok(error instanceof DocumentStoreError);
        assert.equal(error.code, 'corrupt');
        assert.match(error.message, /"page"/);
        return true;
      });
      await assert.rejects(store.write({ html: 'replacement' }), DocumentStoreError);
      assert.equal(storage.items.get('page'), raw);
    });
  }

  it('refuses to overwrite data that became corrupt after a good read', async () => {
    const storage = fakeStorage();
    const store = createLocalStorageDocumentStore({ key: 'page', storage });
    await store.read();
    storage.items.set('page', 'garbage');
    await assert.rejects(store.write({ html: 'mine' }), (error: unknown) => error instanceof DocumentStoreError && error.code === 'corrupt');
    assert.equal(storage.items.get('page'), 'garbage');
  });

  it('can be created without localStorage and explains its absence only when used', async () => {
    const hadLocalStorage = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    if (hadLocalStorage) Reflect.deleteProperty(globalThis, 'localStorage');
    try {
      const store = createLocalStorageDocumentStore({ key: 'page' });
      await assert.rejects(store.read(), (error: unknown) => error instanceof DocumentStoreError && error.code === 'unavailable' && /pass `storage`/.test(error.message));
    } finally {
      if (hadLocalStorage) Object.defineProperty(globalThis, 'localStorage', hadLocalStorage);
    }
  });

  it('looks localStorage up when called, not when created', async () => {
    const storage = fakeStorage();
    const store = createLocalStorageDocumentStore({ key: 'page', initialHtml: 'late' });
    const hadLocalStorage = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
    try {
      assert.equal(await store.read(), 'late');
      await store.write({ html: 'written' });
      assert.match(storage.items.get('page') ?? '', /written/);
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage');
      if (hadLocalStorage) Object.defineProperty(globalThis, 'localStorage', hadLocalStorage);
    }
  });

  it('over a fallback storage, a full or corrupt storage keeps the document in memory and says so once', async () => {
    const storage = fakeStorage({ page: 'garbage' });
    const failures: StorageFailure[] = [];
    const fallback = withMemoryFallback(adaptWebStorage(storage), (failure) => failures.push(failure), { dropStaleCopy: false });
    const store = createLocalStorageDocumentStore({ key: 'page', storage: fallback, initialHtml: 'seed' });
    assert.equal(await store.read(), 'seed');
    await store.write({ html: 'kept in memory' });
    assert.equal(await store.read(), 'kept in memory');
    assert.equal(storage.items.get('page'), 'garbage', 'the corrupt entry is left as is');
    assert.deepEqual(failures.map((failure) => failure.reason), ['corrupt']);

    const full = fakeStorage();
    full.setFull(true);
    const reasons: string[] = [];
    const fullStore = createLocalStorageDocumentStore({ key: 'page', storage: withMemoryFallback(adaptWebStorage(full), (failure) => reasons.push(failure.reason)) });
    await fullStore.read();
    await fullStore.write({ html: 'one' });
    await fullStore.write({ html: 'two' });
    assert.equal(await fullStore.read(), 'two');
    assert.deepEqual(reasons, ['quota-exceeded']);
  });

  it('requires a key', () => {
    assert.throws(() => createLocalStorageDocumentStore({ key: '' }), /`key`/);
  });
});
