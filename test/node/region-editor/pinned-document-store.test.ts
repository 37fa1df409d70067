import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pinDocumentStore } from '../../../core/region-editor/pinned-document-store.js';
import { StaleWriteError, createMemoryDocument, createMemoryDocumentStore, type DocumentStore } from '../../../core/targets/stores/index.js';

function counting(store: DocumentStore): DocumentStore & { reads: number } {
  const counted = {
    reads: 0,
    read: () => {
      counted.reads += 1;
      return store.read();
    },
    write: (args: { html: string }) => store.write(args),
  };
  return counted;
}

describe('pinDocumentStore', () => {
  it('reads the document once and answers later reads with the version loaded or last written', async () => {
    const inner = counting(createMemoryDocumentStore('<p>one</p>'));
    const pinned = pinDocumentStore(inner);
    assert.equal(await pinned.read(), '<p>one</p>');
    assert.equal(await pinned.read(), '<p>one</p>');
    assert.equal(inner.reads, 1);
    await pinned.write({ html: '<p>two</p>' });
    assert.equal(await pinned.read(), '<p>two</p>');
    assert.equal(inner.reads, 1);
  });

  it('lets the store refuse a write over a document changed elsewhere, remembers why, and reloads', async () => {
    const cell = createMemoryDocument('<p>one</p>');
    const pinned = pinDocumentStore(createMemoryDocumentStore(cell));
    await pinned.read();
    cell.replace('<p>elsewhere</p>');
    assert.equal(await pinned.read(), '<p>one</p>', 'the loaded version is what the editor works on');
    await assert.rejects(pinned.write({ html: '<p>mine</p>' }), StaleWriteError);
    assert.ok(pinned.takeWriteError() instanceof StaleWriteError);
    assert.equal(pinned.takeWriteError(), undefined, 'reading the error clears it');
    assert.equal(cell.current().html, '<p>elsewhere</p>');
    assert.equal(await pinned.reload(), '<p>elsewhere</p>');
    await pinned.write({ html: '<p>mine</p>' });
    assert.equal(cell.current().html, '<p>mine</p>');
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const pinned = pinDocumentStore({
      read: async () => {
        if (fail) throw new Error('offline');
        return '<p>back</p>';
      },
      write: async () => undefined,
    });
    await assert.rejects(pinned.read(), /offline/);
    fail = false;
    assert.equal(await pinned.read(), '<p>back</p>');
  });
});
