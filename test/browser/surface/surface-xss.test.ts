import { expect, fixture, html } from '@open-wc/testing';
import { controllerPanels } from '../../../core/surface/controller-panels.js';
import { definePanel, type DddkPanel } from '../../../elements/panel/panel.js';
import type { DddkSurface } from '../../../elements/surface/surface.js';
import { xssSamples } from '../elements/fixtures/xss-samples.js';
import { loadMarkdownRenderer } from '../../../elements/internal/markdown/lazy-markdown.js';
import { controller, destroyControllers, until } from './support.js';

definePanel();

declare global {
  interface Window {
    xssCanary?: string[];
  }
}

const EXTRA_SAMPLES = [
  '[click](javascript:alert(1))',
  '![img](x" onerror="alert(1))',
  '<a href="jAvAsCrIpT&colon;alert(1)">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
];
const samples = [...xssSamples, ...EXTRA_SAMPLES];

/** Every element under `root`, descending into open shadow roots. */
function deepElements(root: ParentNode): Element[] {
  const found: Element[] = [];
  for (const element of root.querySelectorAll('*')) {
    found.push(element);
    if (element.shadowRoot) found.push(...deepElements(element.shadowRoot));
  }
  return found;
}

function assertInert(root: Element): void {
  for (const element of deepElements(root.shadowRoot!)) {
    expect(element.tagName, 'no script element').to.not.equal('SCRIPT');
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith('on'), `${element.tagName} has no ${attribute.name} handler`).to.be.false;
      expect(/^\s*javascript:/i.test(attribute.value), `${element.tagName} ${attribute.name}="${attribute.value}"`).to.be.false;
    }
  }
}

// Payloads call alert/prompt/confirm (some only once an image fails to load): each call leaves a mark.
let originals: Pick<Window, 'alert' | 'prompt' | 'confirm'>;
before(() => {
  originals = { alert: window.alert, prompt: window.prompt, confirm: window.confirm };
  const mark = (name: string) => () => {
    (window.xssCanary ??= []).push(name);
    return null as never;
  };
  window.alert = mark('alert');
  window.prompt = mark('prompt');
  window.confirm = mark('confirm') as typeof window.confirm;
});
after(() => Object.assign(window, originals));
beforeEach(() => {
  window.xssCanary = [];
});
afterEach(destroyControllers);

async function settle(element: DddkSurface): Promise<void> {
  await element.updateComplete;
  // The directive asked for the renderer first, so its own continuation has run once ours does.
  await loadMarkdownRenderer();
  await element.updateComplete;
  // Let failed image loads fire their error events, which is when an onerror payload would run.
  await new Promise((resolve) => setTimeout(resolve, 150));
}

describe('surfaces render hostile text inertly', () => {
  it('has a canary that notices a payload which does run', async () => {
    const probe = document.createElement('div');
    probe.innerHTML = xssSamples[1]!;
    document.body.append(probe);
    await until(() => (window.xssCanary ?? []).length > 0, 'the probe payload to run');
    probe.remove();
    expect(window.xssCanary).to.deep.equal(['prompt']);
    window.xssCanary = [];
  });

  it('as Body, Heading, Badge, Alert, labels and table cells (plain text)', async () => {
    const text = samples.map((sample) => ({ piece: 'Body', props: { text: sample } }));
    const element = await fixture<DddkSurface>(html`<dddk-surface
      .surface=${{
        data: { rows: samples.map((sample) => ({ a: sample })) },
        root: {
          piece: 'Stack',
          children: [
            ...text,
            { piece: 'Heading', props: { text: samples[0] } },
            { piece: 'Badge', props: { text: samples[1]!.slice(0, 60) } },
            { piece: 'Alert', props: { title: samples[2]!.slice(0, 200), text: samples[3] } },
            { piece: 'Table', props: { columns: [{ key: 'a', label: samples[4]!.slice(0, 200) }], rows: { $bind: '/rows' } } },
          ],
        },
      }}
    ></dddk-surface>`);
    await settle(element);
    const bodies = [...element.shadowRoot!.querySelectorAll('[part~="piece-body"]')];
    expect(bodies.map((body) => body.textContent)).to.deep.equal(samples);
    expect(bodies.every((body) => body.childElementCount === 0)).to.be.true;
    assertInert(element);
    expect(window.xssCanary).to.deep.equal([]);
  });

  for (const [index, sample] of samples.entries()) {
    it(`as Markdown: sample ${index + 1}`, async () => {
      const element = await fixture<DddkSurface>(html`<dddk-surface .surface=${{ root: { piece: 'Markdown', props: { text: sample } } }}></dddk-surface>`);
      await settle(element);
      expect(element.shadowRoot!.querySelector('[part~="piece-markdown"]')!.textContent, 'the sanitized text replaced the raw source').to.not.equal(sample);
      assertInert(element);
      expect(element.shadowRoot!.querySelector('iframe, form, svg:not([aria-hidden]), img[onerror], input')).to.be.null;
      expect(window.xssCanary).to.deep.equal([]);
    });
  }

  it('as a panel\'s title, subtitle and footer', async () => {
    const dddk = controller();
    const element = await fixture<DddkPanel>(html`<dddk-panel .controller=${dddk}></dddk-panel>`);
    controllerPanels(dddk).create({
      id: 'xss',
      title: samples[0]!,
      subtitle: samples[1]!,
      footer: samples[5]!,
      surface: { root: { piece: 'Markdown', props: { text: samples.join('\n\n') } } },
    });
    await element.updateComplete;
    const surface = element.shadowRoot!.querySelector<DddkSurface>('dddk-surface')!;
    await settle(surface);
    expect(element.shadowRoot!.querySelector('[part~="title"]')!.textContent).to.equal(samples[0]);
    assertInert(element);
    expect(window.xssCanary).to.deep.equal([]);
  });
});
