import { expect } from '@open-wc/testing';
import type { MemoryRecord } from '../../../core/memory/store/memory-record.types.js';
import { openMemoryStore, type MemoryStore } from '../../../core/memory/store/memory-store.js';
import { eventually } from '../../support/eventually.js';
import { indexedDbDump } from '../../support/indexeddb-dump.js';

const rawDump = (name: string) => indexedDbDump(indexedDB, name);

const record = (id: string, text: string): MemoryRecord => ({ id, tier: 'drawer', text, wing: 'chat', room: 's1', source: { by: 'visitor' }, createdAt: Date.now(), v: 1 });


describe('the memory store on real IndexedDB', () => {
  const name = `dddk-memory-test-${Math.random().toString(36).slice(2)}`;
  const opened: MemoryStore[] = [];
  const open = async () => {
    const store = await openMemoryStore({ name });
    opened.push(store);
    return store;
  };
  after(async () => {
    for (const store of opened) store.close();
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = request.onerror = request.onblocked = resolve;
    });
  });

  it('keeps memories across a reopen, and a forget leaves no byte of them in IndexedDB', async () => {
    const first = await open();
    expect(first.persistent).to.equal(true);
    await first.write([record('m1', 'my cousin Ottoline-Vash flies to Oslo'), record('m2', 'prefers window seats')]);
    first.close();
    const second = await open();
    expect(second.list().map((memory) => memory.id).sort()).to.deep.equal(['m1', 'm2']);
    expect(await rawDump(name)).to.contain('Ottoline-Vash');
    await second.forget(['m1']);
    const dump = await rawDump(name);
    expect(dump).to.not.contain('Ottoline-Vash');
    expect(dump).to.contain('prefers window seats');
  });

  it("a second store on the same database (another tab) hears this one's writes and forgets", async () => {
    const mine = await open();
    const theirs = await open();
    await mine.write([record('shared', 'said in one tab')]);
    await eventually(() => expect(theirs.get('shared')?.text).to.equal('said in one tab'));
    await mine.forget(['shared']);
    await eventually(() => expect(theirs.get('shared')).to.equal(undefined));
  });
});
