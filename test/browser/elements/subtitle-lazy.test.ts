import { expect, fixture, html } from '@open-wc/testing';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import { subtitleUiModule } from '../../../elements/subtitle/lazy-subtitle-ui.js';
import { DddkSubtitle, defineSubtitle } from '../../../elements/subtitle/subtitle.js';

// Runs in a page of its own: no other test file has fetched the bar's view here. The order of the
// tests matters: the first one needs the view never to have been loaded in this page.

defineSubtitle();
// The page's modules already fill much of the default buffer; a later fetch must still be recorded.
performance.setResourceTimingBufferSize(100_000);

const VIEW_MODULES = /\/elements\/subtitle\/(subtitle-ui|subtitle\.styles|subtitle-gestures|subtitle-touch)\.(js|ts)/;

function fetchedViewModules(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => VIEW_MODULES.test(path));
}

const created: DddkController[] = [];
function controller(): DddkController {
  const dddk = createDddk({ locale: 'en' });
  created.push(dddk);
  return dddk;
}

afterEach(() => {
  for (const dddk of created.splice(0)) dddk.destroy();
});

describe('<dddk-subtitle> loads its view on the first show', () => {
  it('does not load its view while the bar has never been visible, and stays out of layout', async () => {
    const dddk = controller();
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk} agent-activity></dddk-subtitle>`);
    // Changes that leave the bar hidden.
    dddk.setLocale('zh-TW');
    element.placement = 'top';
    dddk.subtitle.hide();
    await element.updateComplete;
    expect(subtitleUiModule.loaded).to.equal(undefined);
    expect(fetchedViewModules()).to.deep.equal([]);
    const root = element.shadowRoot!;
    expect(root.querySelector('[part~="base"]')).to.equal(null);
    expect(getComputedStyle(element).position).to.equal('fixed');
    expect(element.getBoundingClientRect().height).to.equal(0);
    expect(element.matches(':state(visible)')).to.equal(false);
    // The polite live region is there before the first message, so that message is read out.
    const liveRegion = root.querySelector('[role="status"][aria-live="polite"]');
    expect(liveRegion).to.exist;
    expect(liveRegion!.textContent).to.equal('');
    await expect(element).to.be.accessible();
  });

  it('loads and renders the bar on the first show; updateComplete waits for both', async () => {
    const dddk = controller();
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    const shows: Event[] = [];
    element.addEventListener('dddk-show', (event) => shows.push(event));
    dddk.subtitle.show('The first words.');
    await element.updateComplete;
    expect(subtitleUiModule.loaded).to.not.equal(undefined);
    expect(fetchedViewModules().some((path) => path.includes('subtitle-ui'))).to.equal(true);
    const root = element.shadowRoot!;
    const base = root.querySelector<HTMLElement>('[part~="base"]')!;
    expect(base.hidden).to.equal(false);
    expect(getComputedStyle(base).display).to.equal('flex');
    expect(root.querySelector('[part~="text"]')!.textContent).to.equal('The first words.');
    expect(root.querySelector('[role="status"][aria-live]')!.textContent!.trim()).to.equal('The first words.');
    expect(element.matches(':state(visible)')).to.equal(true);
    expect(shows.length).to.equal(1);
    await expect(element).to.be.accessible();
  });

  it('renders in the update that connects it once the view is loaded, when its model is visible already', async () => {
    const dddk = controller();
    dddk.subtitle.show('Already here.');
    const element = document.createElement('dddk-subtitle');
    element.controller = dddk;
    document.body.append(element);
    try {
      // Lit's first update runs in a microtask; no network wait follows it.
      await Promise.resolve();
      await Promise.resolve();
      expect(element.shadowRoot!.querySelector('[part~="text"]')?.textContent).to.equal('Already here.');
      await element.updateComplete;
      expect(element.matches(':state(visible)')).to.equal(true);
    } finally {
      element.remove();
    }
  });

  it('keeps its view after hiding; a hidden bar after a show is a hidden base', async () => {
    const dddk = controller();
    dddk.subtitle.show('Shown once.');
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    dddk.subtitle.hide();
    await element.updateComplete;
    const base = element.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!;
    expect(base.hidden).to.equal(true);
    expect(element.matches(':state(visible)')).to.equal(false);
  });
});
