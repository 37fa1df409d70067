import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryDocument, createMemoryDocumentStore, DocumentStoreError, StaleWriteError } from '../../../core/targets/stores/index.js';

describe('memory document store', () => {
  it('reads, writes and reads back', async () => {
    const store = createMemoryDocumentStore('<p>a</p>');
    assert.equal(await store.read(), '<p>a</p>');
    await store.write({ html: '<p>b</p>' });
    assert.equal(await store.read(), '<p>b</p>');
    assert.equal(store.peek(), '<p>b</p>');
  });

  it('lets the same store write twice in a row, since it knows its own version', async () => {
    const store = createMemoryDocumentStore('x');
    await store.read();
    await store.write({ html: 'y' });
    await store.write({ html: 'z' });
    assert.equal(store.peek(), 'z');
  });

  it('refuses a write made from a version another store replaced, leaving the winner intact', async () => {
    const document = createMemoryDocument('start');
    const first = createMemoryDocumentStore(document);
    const second = createMemoryDocumentStore(document);
    await first.read();
    await second.read();
    await first.write({ html: 'first wins' });
    await assert.rejects(second.write({ html: 'second loses' }), (error: unknown) => error instanceof StaleWriteError && error.code === 'stale-write');
    assert.equal(document.current().html, 'first wins');
    // After reading again the second store may save.
    await second.read();
    await second.write({ html: 'second, after reload' });
    assert.equal(document.current().html, 'second, after reload');
  });

  it('refuses a write after an outside replace', async () => {
    const document = createMemoryDocument('a');
    const store = createMemoryDocumentStore(document);
    await store.read();
    document.replace('outside');
    await assert.rejects(store.write({ html: 'mine' }), StaleWriteError);
    assert.equal(document.current().html, 'outside');
  });

  it('refuses a write before any read', async () => {
    const store = createMemoryDocumentStore('a');
    await assert.rejects(store.write({ html: 'b' }), (error: unknown) => error instanceof DocumentStoreError && error.code === 'not-read');
    assert.equal(store.peek(), 'a');
  });
});
