import { expect } from '@open-wc/testing';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import { defineElements } from '../../../elements/define-elements.js';
import { eventually } from '../../support/eventually.js';

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
