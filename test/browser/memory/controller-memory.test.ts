import { expect } from '@open-wc/testing';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import { defineElements } from '../../../elements/define-elements.js';
import { eventually } from '../../support/eventually.js';
import { indexedDbDump } from '../../support/indexeddb-dump.js';

defineElements();

describe('the memory on a controller, in Chromium', () => {
  const name = `dddk-memory-consent-${Math.random().toString(36).slice(2)}`;
  let dddk: DddkController;
  afterEach(() => {
    dddk?.destroy();
    document.querySelector('dddk-subtitle')?.remove();
    localStorage.removeItem('dddk.memory.consent');
  });
  after(() => indexedDB.deleteDatabase(name));

  it('asks consent in the subtitle bar before the first write; yes keeps it in IndexedDB, and the answer is kept', async () => {
    dddk = createDddk({ locale: 'en', memory: { drawer: {}, privacy: { requireConsent: true }, store: { name } } });
    const bar = document.createElement('dddk-subtitle') as HTMLElement & { controller: DddkController };
    bar.controller = dddk;
    document.body.append(bar);
    const memory = await dddk.loadMemory();
    const written = memory.remember({ tier: 'drawer', text: 'prefers the aisle', source: { by: 'visitor' } });
    await eventually(() => expect(dddk.subtitle.getState().prompt?.kind).to.equal('confirm'));
    expect(dddk.subtitle.getState().prompt).to.include({ message: "May this site's assistant remember what you tell it, in this browser only? You can see and delete it any time." });
    await eventually(() => expect(bar.shadowRoot?.querySelector('[part~="prompt-accept"]')).to.not.equal(null));
    await expect(bar).to.be.accessible();
    bar.shadowRoot!.querySelector<HTMLButtonElement>('[part~="prompt-accept"]')!.click();
    const outcome = await written;
    expect(outcome.ok).to.equal(true);
    expect(localStorage.getItem('dddk.memory.consent')).to.equal('granted');
    dddk.destroy();
    // A new page: the memory is there, and nobody is asked again.
    dddk = createDddk({ locale: 'en', memory: { drawer: {}, privacy: { requireConsent: true }, store: { name } } });
    const again = await dddk.loadMemory();
    expect(again.list().map((record) => record.text)).to.deep.equal(['prefers the aisle']);
    expect((await again.remember({ tier: 'drawer', text: 'second', source: { by: 'visitor' } })).ok).to.equal(true);
    expect(dddk.subtitle.getState().prompt).to.equal(undefined);
  });
});

describe('"What do you remember about me?" in the palette', () => {
  const name = `dddk-memory-surface-${Math.random().toString(36).slice(2)}`;
  let dddk: DddkController;
  afterEach(() => {
    dddk?.destroy();
    for (const node of document.querySelectorAll('dddk-palette, dddk-placements')) node.remove();
  });
  after(() => indexedDB.deleteDatabase(name));

  const dialog = () => {
    for (const host of document.querySelectorAll('dddk-placements')) {
      const surface = host.shadowRoot?.querySelector('[part~="slot-modal"] dddk-surface');
      if (surface?.shadowRoot?.querySelector('[part~="piece"]')) return surface as HTMLElement;
    }
    return undefined;
  };
  const buttons = (surface: HTMLElement) => [...surface.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')];

  it('lists each memory with its source and date, deletes one and then all, verified in IndexedDB', async () => {
    dddk = createDddk({ locale: 'en', memory: { core: { schema: { name: { type: 'text' } } }, drawer: {}, store: { name } } });
    const memory = await dddk.loadMemory();
    await memory.remember({ tier: 'core', key: 'name', text: 'Ada', source: { by: 'visitor' } });
    await memory.remember({ tier: 'drawer', text: 'Order 12345 ships Friday', source: { by: 'page', url: 'https://shop.example' } });
    const palette = document.createElement('dddk-palette') as HTMLElement & { controller: DddkController };
    palette.controller = dddk;
    document.body.append(palette);
    await dddk.palette.activateById('memory-show');
    await eventually(() => expect(dialog()).to.not.equal(undefined));
    const text = () => dialog()!.shadowRoot!.textContent!.replace(/\s+/g, ' ');
    expect(text()).to.contain('Profile: name').and.contain('Ada').and.contain('you said it');
    expect(text()).to.contain('read on a page, unverified');
    await expect(dialog()!).to.be.accessible();
    // Newest first: the note, then the name; delete the note.
    buttons(dialog()!).filter((button) => button.textContent?.trim() === 'Delete')[0]!.click();
    await eventually(() => expect(text()).to.not.contain('Order 12345'));
    expect(memory.list().map((record) => record.text)).to.deep.equal(['Ada']);
    buttons(dialog()!).find((button) => button.textContent?.trim() === 'Delete everything')!.click();
    await eventually(() => expect(text()).to.contain('Nothing yet.'));
    expect(JSON.parse(await indexedDbDump(indexedDB, name)).records).to.deep.equal([]);
  });
});
