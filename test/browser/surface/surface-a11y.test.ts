import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { controllerPanels } from '../../../core/surface/controller-panels.js';
import { definePanel, type DddkPanel } from '../../../elements/panel/panel.js';
import type { DddkSurface } from '../../../elements/surface/surface.js';
import { everyPieceSurface } from './fixtures/every-piece.js';
import { controller, destroyControllers, until } from './support.js';

definePanel();

async function surfaceFixture(template: ReturnType<typeof html>): Promise<DddkSurface> {
  const element = await fixture<DddkSurface>(template);
  await element.updateComplete;
  const markdown = element.shadowRoot!.querySelector('[part~="piece-markdown"]');
  if (markdown) await until(() => markdown.querySelector('strong') !== null, 'the markdown renderer');
  return element;
}

describe('surfaces and panels are accessible (axe-core)', () => {
  // Frames fade or slide in; without motion axe measures their final colours.
  before(() => emulateMedia({ reducedMotion: 'reduce' }));
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));
  afterEach(destroyControllers);

  it('an inline surface with every piece', async () => {
    const element = await surfaceFixture(html`<dddk-surface .surface=${everyPieceSurface()}><span slot="extra">Host text</span></dddk-surface>`);
    await expect(element).to.be.accessible();
  });

  it('the same surface with its second tab shown and a validation message', async () => {
    const element = await surfaceFixture(html`<dddk-surface .surface=${everyPieceSurface()} .data=${{ ...everyPieceSurface().data, name: '' }}></dddk-surface>`);
    (element.shadowRoot!.querySelector('[part~="piece-button"]') as HTMLButtonElement).click();
    (element.shadowRoot!.querySelectorAll('[role="tab"]')[1] as HTMLButtonElement).click();
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('.field__message')).to.exist;
    await expect(element).to.be.accessible();
  });

  it('an inline surface with every piece, in the dark colour scheme', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    try {
      const element = await surfaceFixture(html`<dddk-surface .surface=${everyPieceSurface()}></dddk-surface>`);
      await expect(element).to.be.accessible();
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });

  it('a modal surface', async () => {
    const element = await surfaceFixture(html`<dddk-surface mode="modal" open .surface=${everyPieceSurface()}></dddk-surface>`);
    expect((element.shadowRoot!.querySelector('dialog') as HTMLDialogElement).open).to.be.true;
    await expect(element).to.be.accessible();
  });

  it('a dock surface', async () => {
    const element = await surfaceFixture(html`<dddk-surface mode="dock" open .surface=${everyPieceSurface()}></dddk-surface>`);
    await expect(element).to.be.accessible();
  });

  it('the notice of an invalid surface', async () => {
    const element = await surfaceFixture(html`<dddk-surface .surface=${{ root: { piece: 'Nope', props: { x: 1 } } }}></dddk-surface>`);
    expect(element.shadowRoot!.querySelector('[part~="error"]')).to.exist;
    await expect(element).to.be.accessible();
  });

  it('panels in several corners', async () => {
    const dddk = controller();
    const element = await fixture<DddkPanel>(html`<dddk-panel .controller=${dddk}></dddk-panel>`);
    const panels = controllerPanels(dddk);
    panels.create({ id: 'orders', title: 'Orders', subtitle: 'Today', footer: 'Updated just now', surface: everyPieceSurface() });
    panels.create({ id: 'help', title: 'Help', corner: 'top-left', dismissible: false, surface: { root: { piece: 'Body', props: { text: 'Ask me anything.' } } } });
    await element.updateComplete;
    for (const surface of element.shadowRoot!.querySelectorAll<DddkSurface>('dddk-surface')) await surface.updateComplete;
    await expect(element).to.be.accessible();
  });
});
