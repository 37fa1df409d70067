import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { controllerPlacements } from '../../../core/surface/controller-surfaces.js';
import type { DddkSurfaceActionEvent } from '../../../elements/events/surface-action.js';
import { renderSurface } from '../../../elements/surface/render-surface.js';
import type { DddkSurface } from '../../../elements/surface/surface.js';
import { controller, destroyControllers, nextEvent, part, until } from './support.js';

const form = {
  data: { email: '' },
  root: {
    piece: 'Stack',
    children: [
      { piece: 'Heading', props: { text: 'Subscribe' } },
      { piece: 'TextField', props: { label: 'Email', value: { $bind: '/email' } } },
      { piece: 'Button', props: { text: 'Send', variant: 'primary', action: { type: 'submit' } } },
      { piece: 'Button', props: { text: 'Later', action: { type: 'custom', name: 'later' } } },
    ],
  },
};

function openerButton(): HTMLButtonElement {
  const button = document.createElement('button');
  button.textContent = 'Open';
  document.body.append(button);
  button.focus();
  return button;
}

function placedSurface(slot: string): DddkSurface | undefined {
  for (const host of document.querySelectorAll('dddk-placements')) {
    const found = host.shadowRoot?.querySelector<DddkSurface>(`[part~="slot-${slot}"] dddk-surface`);
    if (found) return found;
  }
  return undefined;
}

async function placed(slot: string): Promise<DddkSurface> {
  await until(() => placedSurface(slot) !== undefined, `a surface in the ${slot} placement`);
  const surface = placedSurface(slot)!;
  await surface.updateComplete;
  return surface;
}

afterEach(() => {
  destroyControllers();
  for (const node of document.querySelectorAll('dddk-placements, body > button')) node.remove();
});

describe('<dddk-surface mode="modal">', () => {
  it('opens as a modal dialog named by its heading, and closes on submit with focus back on the opener', async () => {
    const opener = openerButton();
    const element = await fixture<DddkSurface>(html`<dddk-surface mode="modal" open .surface=${form}></dddk-surface>`);
    await element.updateComplete;
    const dialog = part(element, 'dialog') as HTMLDialogElement;
    expect(dialog.open).to.be.true;
    expect(dialog.matches(':modal')).to.be.true;
    expect(dialog.getAttribute('aria-label')).to.equal('Subscribe');
    expect(element.shadowRoot!.activeElement?.tagName).to.equal('INPUT', 'focus starts on the first control');
    const closed = nextEvent(element, 'dddk-close');
    (element.shadowRoot!.querySelector('[part~="piece-button"]') as HTMLButtonElement).click();
    await closed;
    expect(dialog.open).to.be.false;
    expect(element.open).to.be.false;
    expect(document.activeElement).to.equal(opener);
    expect((await element.result)!.action).to.deep.equal({ type: 'submit' });
  });

  it('cancels on Escape, with focus back on the opener', async () => {
    const opener = openerButton();
    const element = await fixture<DddkSurface>(html`<dddk-surface mode="modal" open .surface=${form}></dddk-surface>`);
    await element.updateComplete;
    const action = nextEvent<DddkSurfaceActionEvent>(element, 'dddk-surface-action');
    await sendKeys({ press: 'Escape' });
    expect((await action).detail.action).to.deep.equal({ type: 'cancel' });
    await element.updateComplete;
    expect((part(element, 'dialog') as HTMLDialogElement).open).to.be.false;
    expect(document.activeElement).to.equal(opener);
    expect((await element.result)!.action.type).to.equal('cancel');
  });

  it('cancels from its close button, which has an accessible name', async () => {
    const element = await fixture<DddkSurface>(html`<dddk-surface mode="modal" open .surface=${form}></dddk-surface>`);
    await element.updateComplete;
    const close = part(element, 'close-button')!;
    expect(close.getAttribute('aria-label')).to.equal('Close');
    close.click();
    expect((await element.result)!.action.type).to.equal('cancel');
  });

  it('stays open on a custom action', async () => {
    const element = await fixture<DddkSurface>(html`<dddk-surface mode="modal" open .surface=${form}></dddk-surface>`);
    await element.updateComplete;
    (element.shadowRoot!.querySelectorAll('[part~="piece-button"]')[1] as HTMLButtonElement).click();
    await element.updateComplete;
    expect((part(element, 'dialog') as HTMLDialogElement).open).to.be.true;
  });

  it('shows an invalid surface\'s notice inside the modal, and Escape still closes it', async () => {
    const element = await fixture<DddkSurface>(html`<dddk-surface mode="modal" open .surface=${{ root: { piece: 'Nope' } }}></dddk-surface>`);
    await element.updateComplete;
    expect(part(element, 'dialog')!.querySelector('[part~="error"]')).to.exist;
    const closed = nextEvent(element, 'dddk-close');
    await sendKeys({ press: 'Escape' });
    await closed;
    expect(element.open).to.be.false;
  });
});

describe('<dddk-surface mode="dock">', () => {
  it('shows a labelled side sheet that Escape cancels, with focus back on the opener', async () => {
    const opener = openerButton();
    const element = await fixture<DddkSurface>(html`<dddk-surface mode="dock" open label="Filters" .surface=${form}></dddk-surface>`);
    await element.updateComplete;
    const dock = part(element, 'dock')!;
    expect(dock.tagName).to.equal('ASIDE');
    expect(dock.getAttribute('aria-label')).to.equal('Filters');
    expect(getComputedStyle(dock).position).to.equal('fixed');
    expect(element.shadowRoot!.activeElement).to.equal(dock);
    const closed = nextEvent(element, 'dddk-close');
    await sendKeys({ press: 'Escape' });
    await closed;
    expect(dock.hidden).to.be.true;
    expect(document.activeElement).to.equal(opener);
    expect((await element.result)!.action.type).to.equal('cancel');
  });
});

describe('renderSurface()', () => {
  it('shows a modal through the placements and resolves with the submitted data', async () => {
    const dddk = controller();
    const opener = openerButton();
    const rendered = renderSurface(dddk, form);
    const surface = await placed('modal');
    expect(document.querySelectorAll('dddk-placements')).to.have.length(1);
    const input = surface.shadowRoot!.querySelector('input')!;
    input.focus();
    await sendKeys({ type: 'ada@example.com' });
    (surface.shadowRoot!.querySelector('[part~="piece-button"]') as HTMLButtonElement).click();
    const result = await rendered.result;
    expect(result).to.deep.equal({ action: { type: 'submit' }, data: { email: 'ada@example.com' } });
    await until(() => placedSurface('modal') === undefined, 'the modal to go away');
    expect(controllerPlacements(dddk).in('modal')).to.have.length(0);
    expect(document.activeElement).to.equal(opener);
  });

  it('resolves as cancelled on Escape', async () => {
    const dddk = controller();
    const opener = openerButton();
    const rendered = renderSurface(dddk, form);
    await placed('modal');
    await sendKeys({ press: 'Escape' });
    expect((await rendered.result).action).to.deep.equal({ type: 'cancel' });
    await until(() => placedSurface('modal') === undefined, 'the modal to go away');
    expect(document.activeElement).to.equal(opener);
  });

  it('reports custom actions without settling, updates in place, and close() cancels', async () => {
    const dddk = controller();
    const seen: string[] = [];
    const rendered = renderSurface(dddk, form, { placement: 'dock', onAction: (event) => seen.push(event.action.name ?? event.action.type) });
    let surface = await placed('dock');
    (surface.shadowRoot!.querySelectorAll('[part~="piece-button"]')[1] as HTMLButtonElement).click();
    expect(seen).to.deep.equal(['later']);
    rendered.update({ surface: { root: { piece: 'Body', props: { text: 'Updated' } } } });
    await until(() => placedSurface('dock')?.shadowRoot?.querySelector('[part~="piece-body"]')?.textContent === 'Updated', 'the update');
    surface = placedSurface('dock')!;
    rendered.close();
    expect((await rendered.result).action.type).to.equal('cancel');
    await until(() => placedSurface('dock') === undefined, 'the dock to go away');
    expect(surface.isConnected).to.be.false;
  });

  it('uses a placements element the host put on the page for its slot', async () => {
    const dddk = controller();
    const host = document.createElement('dddk-placements');
    host.controller = dddk;
    host.only = 'banner';
    document.body.append(host);
    const rendered = renderSurface(dddk, { root: { piece: 'Alert', props: { text: 'Maintenance tonight' } } }, { placement: 'banner' });
    await until(() => host.shadowRoot?.querySelector('dddk-surface') !== null && host.shadowRoot?.querySelector('dddk-surface') !== undefined, 'the banner');
    expect(document.querySelectorAll('dddk-placements')).to.have.length(1);
    const surface = host.shadowRoot!.querySelector<DddkSurface>('dddk-surface')!;
    await surface.updateComplete;
    expect(surface.shadowRoot!.querySelector('[part~="piece-alert"]')!.textContent).to.contain('Maintenance tonight');
    rendered.close();
  });

  it('never throws on an invalid surface: the notice shows in the modal and Escape resolves it', async () => {
    const dddk = controller();
    const rendered = renderSurface(dddk, { root: { piece: 'Nope' } });
    const surface = await placed('modal');
    expect(surface.shadowRoot!.querySelector('[part~="error"]')).to.exist;
    await sendKeys({ press: 'Escape' });
    expect((await rendered.result).action.type).to.equal('cancel');
  });
});
