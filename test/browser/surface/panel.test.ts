import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { controllerPanels } from '../../../core/surface/controller-panels.js';
import { createPinnedPanelRegistry, type PinnedPanelSpec } from '../../../core/surface/pinned-panels.js';
import type { DddkPanelDismissEvent } from '../../../elements/events/panel-dismiss.js';
import { definePanel, type DddkPanel } from '../../../elements/panel/panel.js';
import type { DddkSurface } from '../../../elements/surface/surface.js';
import { controller, destroyControllers, until } from './support.js';

definePanel();

const statusSurface = {
  data: { done: 3 },
  root: {
    piece: 'Stack',
    children: [
      { piece: 'Metric', props: { label: 'Done', value: { $bind: '/done' } } },
      { piece: 'Button', props: { text: 'Refresh', action: { type: 'custom', name: 'refresh' } } },
    ],
  },
};

function spec(id: string, extra: Partial<PinnedPanelSpec> = {}): PinnedPanelSpec {
  return { id, surface: statusSurface, title: `Panel ${id}`, ...extra };
}

function panelNode(element: DddkPanel, id: string): HTMLElement | null {
  return element.shadowRoot!.querySelector<HTMLElement>(`[part~="panel"][data-panel-id="${id}"]`);
}

async function body(element: DddkPanel, id: string): Promise<DddkSurface> {
  await until(() => panelNode(element, id)?.querySelector('dddk-surface') != null, `panel ${id}`);
  const surface = panelNode(element, id)!.querySelector<DddkSurface>('dddk-surface')!;
  await surface.updateComplete;
  return surface;
}

const metricText = (surface: DddkSurface) => surface.shadowRoot!.querySelector('[part~="piece-metric"] dd')!.textContent!.trim();

afterEach(destroyControllers);

describe('<dddk-panel>', () => {
  it('shows the controller\'s panels in their four corners, as labelled regions', async () => {
    const dddk = controller();
    const panels = controllerPanels(dddk);
    const element = await fixture<DddkPanel>(html`<dddk-panel .controller=${dddk}></dddk-panel>`);
    panels.create(spec('a', { corner: 'top-left', subtitle: 'Sub a', footer: 'Foot a' }));
    panels.create(spec('b', { corner: 'top-right' }));
    panels.create(spec('c', { corner: 'bottom-left' }));
    panels.create(spec('d'));
    await element.updateComplete;
    for (const [id, corner] of [['a', 'top-left'], ['b', 'top-right'], ['c', 'bottom-left'], ['d', 'bottom-right']] as const) {
      const node = panelNode(element, id)!;
      expect(node.closest(`[part~="corner-${corner}"]`), id).to.exist;
      expect(node.tagName).to.equal('SECTION');
      const title = element.shadowRoot!.getElementById(node.getAttribute('aria-labelledby')!)!;
      expect(title.textContent).to.equal(`Panel ${id}`);
    }
    const a = panelNode(element, 'a')!;
    expect(a.querySelector('[part~="subtitle"]')!.textContent).to.equal('Sub a');
    expect(a.querySelector('[part~="footer"]')!.textContent).to.equal('Foot a');
    const rect = a.getBoundingClientRect();
    expect(rect.left).to.be.below(window.innerWidth / 2);
    expect(rect.top).to.be.below(window.innerHeight / 2);
    const d = panelNode(element, 'd')!.getBoundingClientRect();
    expect(d.right).to.be.above(window.innerWidth / 2);
    expect(d.bottom).to.be.above(window.innerHeight / 2);
    expect(metricText(await body(element, 'a'))).to.equal('3');
  });

  it('picks up a registry created after it connected', async () => {
    const dddk = controller();
    const element = await fixture<DddkPanel>(html`<dddk-panel .controller=${dddk}></dddk-panel>`);
    expect(element.shadowRoot!.querySelector('[part~="panel"]')).to.be.null;
    controllerPanels(dddk).create(spec('late'));
    await element.updateComplete;
    expect(panelNode(element, 'late')).to.exist;
  });

  it('stacks several panels in one corner', async () => {
    const dddk = controller();
    const panels = controllerPanels(dddk);
    const element = await fixture<DddkPanel>(html`<dddk-panel .controller=${dddk}></dddk-panel>`);
    panels.create(spec('one'));
    panels.create(spec('two'));
    await element.updateComplete;
    const corner = element.shadowRoot!.querySelector('[part~="corner-bottom-right"]')!;
    expect(corner.querySelectorAll('[part~="panel"]')).to.have.length(2);
    const one = panelNode(element, 'one')!.getBoundingClientRect();
    const two = panelNode(element, 'two')!.getBoundingClientRect();
    expect(two.bottom).to.be.at.most(one.top + 1, 'the second panel sits above the first, not over it');
  });

  it('reflects update() and setData() live', async () => {
    const dddk = controller();
    const panels = controllerPanels(dddk);
    const element = await fixture<DddkPanel>(html`<dddk-panel .controller=${dddk}></dddk-panel>`);
    const panel = panels.create(spec('live'));
    await element.updateComplete;
    const surface = await body(element, 'live');
    panel.setData({ done: 7 });
    await surface.updateComplete;
    expect(metricText(surface)).to.equal('7');
    expect(panel.getData()).to.deep.equal({ done: 7 });
    panel.update({ title: 'Renamed', corner: 'top-left', footer: 'Now with a footer' });
    await element.updateComplete;
    const node = panelNode(element, 'live')!;
    expect(node.querySelector('[part~="title"]')!.textContent).to.equal('Renamed');
    expect(node.querySelector('[part~="footer"]')!.textContent).to.equal('Now with a footer');
    expect(node.closest('[part~="corner-top-left"]')).to.exist;
    panel.update({ surface: { root: { piece: 'Body', props: { text: 'New body' } } } });
    await element.updateComplete;
    const replaced = await body(element, 'live');
    expect(replaced.shadowRoot!.querySelector('[part~="piece-body"]')!.textContent).to.equal('New body');
  });

  it('closes a dismissible panel from its named close button, unless the event is cancelled', async () => {
    const dddk = controller();
    const panels = controllerPanels(dddk);
    const element = await fixture<DddkPanel>(html`<dddk-panel .controller=${dddk}></dddk-panel>`);
    const panel = panels.create(spec('x'));
    panels.create(spec('fixed', { dismissible: false }));
    await element.updateComplete;
    expect(panelNode(element, 'fixed')!.querySelector('[part~="close-button"]')).to.be.null;
    const close = panelNode(element, 'x')!.querySelector<HTMLButtonElement>('[part~="close-button"]')!;
    expect(close.getAttribute('aria-label')).to.equal('Close Panel x');

    const keepOpen = (event: DddkPanelDismissEvent) => event.preventDefault();
    element.addEventListener('dddk-panel-dismiss', keepOpen, { once: true });
    close.click();
    await element.updateComplete;
    expect(panel.isOpen()).to.be.true;

    const seen: string[] = [];
    element.addEventListener('dddk-panel-dismiss', (event) => seen.push(event.detail.id));
    close.click();
    await element.updateComplete;
    expect(seen).to.deep.equal(['x']);
    expect(panel.isOpen()).to.be.false;
    expect(panelNode(element, 'x')).to.be.null;
    expect(panelNode(element, 'fixed')).to.exist;
  });

  it('removes a panel the host dismisses', async () => {
    const dddk = controller();
    const element = await fixture<DddkPanel>(html`<dddk-panel .controller=${dddk}></dddk-panel>`);
    const panel = controllerPanels(dddk).create(spec('gone'));
    await element.updateComplete;
    panel.dismiss();
    await element.updateComplete;
    expect(panelNode(element, 'gone')).to.be.null;
  });

  it('shows one panel given as a property, and follows its updates', async () => {
    const registry = createPinnedPanelRegistry();
    const panel = registry.create(spec('solo', { corner: 'top-right' }));
    const element = await fixture<DddkPanel>(html`<dddk-panel .controller=${controller()} .panel=${panel}></dddk-panel>`);
    expect(panelNode(element, 'solo')!.closest('[part~="corner-top-right"]')).to.exist;
    panel.update({ subtitle: 'Changed' });
    await element.updateComplete;
    expect(panelNode(element, 'solo')!.querySelector('[part~="subtitle"]')!.textContent).to.equal('Changed');
    panel.dismiss();
    await element.updateComplete;
    expect(panelNode(element, 'solo')).to.be.null;
  });

  it('uses its locale for the close button, and drops animation when motion is reduced', async () => {
    const dddk = controller();
    dddk.setLocale('zh-TW');
    const element = await fixture<DddkPanel>(html`<dddk-panel .controller=${dddk}></dddk-panel>`);
    controllerPanels(dddk).create(spec('zh', { title: '訂單' }));
    await element.updateComplete;
    expect(panelNode(element, 'zh')!.querySelector('[part~="close-button"]')!.getAttribute('aria-label')).to.equal('關閉「訂單」');
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      expect(getComputedStyle(panelNode(element, 'zh')!).animationName).to.equal('none');
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it('has forced-colours rules for its frame and close button', async () => {
    // The test runner cannot emulate forced colours, so this reads the rules the shadow root adopted.
    const dddk = controller();
    const element = await fixture<DddkPanel>(html`<dddk-panel .controller=${dddk}></dddk-panel>`);
    controllerPanels(dddk).create(spec('hc'));
    await element.updateComplete;
    const forced = element.shadowRoot!.adoptedStyleSheets
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && rule.conditionText.includes('forced-colors: active'))
      .flatMap((rule) => [...rule.cssRules] as CSSStyleRule[]);
    const panelRule = forced.find((rule) => rule.selectorText === '.panel');
    expect(panelRule?.style.borderColor).to.equal('canvastext');
    expect(forced.find((rule) => rule.selectorText === '.panel__close')?.style.border).to.contain('buttontext');
  });
});
