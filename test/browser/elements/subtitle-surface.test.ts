import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { setDefaultController } from '../../../core/controller/default-controller.js';
import { controllerPlacements } from '../../../core/surface/controller-surfaces.js';
import { DddkSubtitle, defineSubtitle } from '../../../elements/subtitle/subtitle.js';
import { renderSurface } from '../../../elements/surface/render-surface.js';
import type { DddkSurface } from '../../../elements/surface/surface.js';
import type { DddkController } from '../../../core/controller/create-dddk.js';
import { controller, destroyControllers, until } from '../surface/support.js';

defineSubtitle();

const form = {
  data: { email: '' },
  root: {
    piece: 'Stack',
    children: [
      { piece: 'Heading', props: { text: 'Subscribe' } },
      { piece: 'TextField', props: { label: 'Email', value: { $bind: '/email' } } },
      { piece: 'Button', props: { text: 'Send', variant: 'primary', action: { type: 'submit' } } },
      { piece: 'Button', props: { text: 'Not now', action: { type: 'cancel' } } },
    ],
  },
};

afterEach(() => {
  destroyControllers();
  setDefaultController(undefined);
  for (const node of document.querySelectorAll('dddk-placements, body > button')) node.remove();
});

function isShown(element: DddkSubtitle): boolean {
  const base = element.shadowRoot!.querySelector<HTMLElement>('[part~="base"]');
  return base !== null && !base.hidden && getComputedStyle(base).display !== 'none';
}

function surfaceIn(element: DddkSubtitle): DddkSurface | null {
  return element.shadowRoot!.querySelector<DddkSurface>('[part~="surfaces"] dddk-surface');
}

async function placedIn(element: DddkSubtitle): Promise<DddkSurface> {
  await until(() => surfaceIn(element)?.shadowRoot?.querySelector('input') != null, 'the surface in the bar');
  const surface = surfaceIn(element)!;
  await surface.updateComplete;
  return surface;
}

function opener(): HTMLButtonElement {
  const button = document.createElement('button');
  button.textContent = 'Open';
  document.body.append(button);
  button.focus();
  return button;
}

async function setup(): Promise<{ dddk: DddkController; bar: DddkSubtitle }> {
  const dddk = controller();
  const bar = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
  await bar.updateComplete;
  return { dddk, bar };
}

describe('<dddk-subtitle> shows surfaces placed in its slot', () => {
  it('shows the surface inside the bar, focuses its first field, and resolves with the submitted data', async () => {
    const { dddk, bar } = await setup();
    const button = opener();
    expect(isShown(bar)).to.equal(false);
    const rendered = renderSurface(dddk, form, { placement: 'subtitle' });
    const surface = await placedIn(bar);
    await bar.updateComplete;
    expect(isShown(bar)).to.equal(true);
    expect(document.querySelector('dddk-placements'), 'no floating copy').to.equal(null);
    await until(() => surface.shadowRoot!.activeElement?.tagName === 'INPUT', 'focus in the first field');
    await sendKeys({ type: 'ada@example.com' });
    (surface.shadowRoot!.querySelector('[part~="piece-button"]') as HTMLButtonElement).click();
    expect(await rendered.result).to.deep.equal({ action: { type: 'submit' }, data: { email: 'ada@example.com' } });
    await until(() => surfaceIn(bar) === null, 'the surface to go away');
    await bar.updateComplete;
    expect(isShown(bar), 'the bar hides with nothing else to show').to.equal(false);
    expect(document.activeElement).to.equal(button);
    expect(controllerPlacements(dddk).in('subtitle')).to.have.length(0);
  });

  it('resolves as cancelled on Escape in the surface, and gives focus back', async () => {
    const { dddk, bar } = await setup();
    const button = opener();
    const rendered = renderSurface(dddk, form, { placement: 'subtitle' });
    const surface = await placedIn(bar);
    await until(() => surface.shadowRoot!.activeElement?.tagName === 'INPUT', 'focus in the first field');
    await sendKeys({ type: 'typed' });
    await sendKeys({ press: 'Escape' });
    const result = await rendered.result;
    expect(result.action).to.deep.equal({ type: 'cancel' });
    expect(result.data).to.deep.equal({ email: 'typed' });
    await until(() => surfaceIn(bar) === null, 'the surface to go away');
    await bar.updateComplete;
    expect(isShown(bar)).to.equal(false);
    expect(document.activeElement).to.equal(button);
  });

  it('resolves as cancelled from a cancel button, and close() cancels too', async () => {
    const { dddk, bar } = await setup();
    const first = renderSurface(dddk, form, { placement: 'subtitle' });
    const surface = await placedIn(bar);
    (surface.shadowRoot!.querySelectorAll('[part~="piece-button"]')[1] as HTMLButtonElement).click();
    expect((await first.result).action.type).to.equal('cancel');
    const second = renderSurface(dddk, form, { placement: 'subtitle' });
    await placedIn(bar);
    second.close();
    expect((await second.result).action.type).to.equal('cancel');
    await until(() => surfaceIn(bar) === null, 'the surface to go away');
  });

  it('keeps the bar open while the surface waits, under the text, and shows the text afterwards', async () => {
    const { dddk, bar } = await setup();
    dddk.subtitle.show('Almost done.');
    const rendered = renderSurface(dddk, form, { placement: 'subtitle' });
    await placedIn(bar);
    const body = bar.shadowRoot!.querySelector('.subtitle__body')!;
    const text = bar.shadowRoot!.querySelector('[part~="text"]')!;
    const surfaces = bar.shadowRoot!.querySelector('[part~="surfaces"]')!;
    expect(body.contains(surfaces)).to.equal(true);
    expect(text.compareDocumentPosition(surfaces) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    dddk.subtitle.hide();
    await bar.updateComplete;
    expect(isShown(bar), 'a waiting surface keeps the bar up').to.equal(true);
    dddk.subtitle.show('Still here.');
    rendered.close();
    await rendered.result;
    await bar.updateComplete;
    expect(isShown(bar), 'the text keeps the bar up').to.equal(true);
  });

  it('keeps keys typed in the surface from answering a pending question, and Esc there cancels only the surface', async () => {
    const { dddk, bar } = await setup();
    let answered = false;
    void dddk.subtitle.ask({ kind: 'confirm', message: 'Continue?' }).then(() => (answered = true));
    const rendered = renderSurface(dddk, form, { placement: 'subtitle' });
    const surface = await placedIn(bar);
    await until(() => surface.shadowRoot!.activeElement?.tagName === 'INPUT', 'focus in the first field');
    await sendKeys({ type: 'a b' });
    surface.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="piece-button"]')[1]!.focus();
    await sendKeys({ press: 'Escape' });
    const result = await rendered.result;
    expect(result).to.deep.equal({ action: { type: 'cancel' }, data: { email: 'a b' } });
    await bar.updateComplete;
    expect(answered, 'the question still waits').to.equal(false);
    expect(bar.shadowRoot!.querySelector('[part~="prompt"]')).to.not.equal(null);
  });

  it('cancels the surface when the bar is closed by its close button', async () => {
    const { dddk, bar } = await setup();
    const rendered = renderSurface(dddk, form, { placement: 'subtitle' });
    await placedIn(bar);
    bar.shadowRoot!.querySelector<HTMLButtonElement>('[part~="close-button"]')!.click();
    expect((await rendered.result).action.type).to.equal('cancel');
  });

  it('leaves the slot to the floating fallback when the bar belongs to another controller', async () => {
    await setup();
    const other = controller();
    const rendered = renderSurface(other, form, { placement: 'subtitle' });
    await until(() => document.querySelector('dddk-placements')?.shadowRoot?.querySelector('[part~="slot-subtitle"] dddk-surface') != null, 'the floating surface');
    rendered.close();
    await rendered.result;
  });

  it('is not drawn twice when a <dddk-placements> showing every slot is on the page', async () => {
    const { dddk, bar } = await setup();
    const modal = renderSurface(dddk, { root: { piece: 'Body', props: { text: 'A modal' } } });
    await until(() => document.querySelector('dddk-placements') !== null, 'the placements element');
    const rendered = renderSurface(dddk, form, { placement: 'subtitle' });
    await placedIn(bar);
    const host = document.querySelector('dddk-placements')!;
    await host.updateComplete;
    expect(host.shadowRoot!.querySelector('[part~="slot-subtitle"]')).to.equal(null);
    rendered.close();
    modal.close();
    await Promise.all([rendered.result, modal.result]);
  });
});

describe('<dddk-subtitle> with a placed surface is accessible (axe-core)', () => {
  before(() => emulateMedia({ reducedMotion: 'reduce' }));
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('passes with a surface under the text', async () => {
    const { dddk, bar } = await setup();
    dddk.subtitle.show('Please confirm your address.');
    const rendered = renderSurface(dddk, form, { placement: 'subtitle' });
    await placedIn(bar);
    await expect(bar).to.be.accessible();
    rendered.close();
    await rendered.result;
  });
});
