import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import { getDefaultController, setDefaultController } from '../../../core/controller/default-controller.js';
import type { DddkRequestCloseEvent } from '../../../elements/events/request-close.js';
import { DddkSubtitle, defineSubtitle } from '../../../elements/subtitle/subtitle.js';
import { xssSamples } from './fixtures/xss-samples.js';

defineSubtitle();

function parts(element: DddkSubtitle) {
  const root = element.shadowRoot!;
  return {
    base: root.querySelector<HTMLElement>('[part~="base"]'),
    text: root.querySelector<HTMLElement>('[part~="text"]')!,
    cursor: root.querySelector<HTMLElement>('[part~="cursor"]'),
    closeButton: root.querySelector<HTMLButtonElement>('[part~="close-button"]')!,
    liveRegion: root.querySelector<HTMLElement>('[role="status"]')!,
  };
}

/** A bar that has never shown has no DOM of its own yet (its view loads on the first show). */
function isShown(element: DddkSubtitle): boolean {
  const { base } = parts(element);
  return base !== null && !base.hidden && getComputedStyle(base).display !== 'none';
}

function recordEvents(element: HTMLElement, names: string[]): Array<{ type: string; event: Event }> {
  const seen: Array<{ type: string; event: Event }> = [];
  for (const name of names) element.addEventListener(name, (event) => seen.push({ type: name, event }));
  return seen;
}

const created: DddkController[] = [];
function controller(config: Parameters<typeof createDddk>[0] = {}): DddkController {
  const dddk = createDddk({ locale: 'en', ...config });
  created.push(dddk);
  return dddk;
}

afterEach(() => {
  for (const dddk of created.splice(0)) dddk.destroy();
  setDefaultController(undefined);
});

describe('<dddk-subtitle> finds its controller', () => {
  it('renders the subtitle of the page default controller', async () => {
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle></dddk-subtitle>`);
    expect(isShown(element)).to.equal(false);
    getDefaultController().subtitle.show('Hello from the default');
    await element.updateComplete;
    expect(isShown(element)).to.equal(true);
    expect(parts(element).text.textContent).to.equal('Hello from the default');
  });

  it('follows a default controller provided by the host after connecting', async () => {
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle></dddk-subtitle>`);
    await element.updateComplete;
    const host = controller();
    host.subtitle.show('From the host default');
    setDefaultController(host);
    await element.updateComplete;
    expect(parts(element).text.textContent).to.equal('From the host default');
  });

  it('renders the controller named by for="id"', async () => {
    const shop = controller({ id: 'shop' });
    shop.subtitle.show('Shop says hi');
    getDefaultController().subtitle.show('Default text');
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle for="shop"></dddk-subtitle>`);
    expect(parts(element).text.textContent).to.equal('Shop says hi');
  });

  it('picks up a for="id" controller registered after the element connected', async () => {
    getDefaultController().subtitle.show('Default text');
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle for="late"></dddk-subtitle>`);
    expect(isShown(element), 'a missing named controller never falls back to the default').to.equal(false);
    const late = controller({ id: 'late' });
    late.subtitle.show('Late but here');
    await element.updateComplete;
    expect(isShown(element)).to.equal(true);
    expect(parts(element).text.textContent).to.equal('Late but here');
  });

  it('lets the controller property win over for and the default, and follows changes to it', async () => {
    const named = controller({ id: 'named' });
    named.subtitle.show('Named');
    const direct = controller();
    direct.subtitle.show('Direct');
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle for="named" .controller=${direct}></dddk-subtitle>`);
    expect(parts(element).text.textContent).to.equal('Direct');
    element.controller = undefined;
    await element.updateComplete;
    expect(parts(element).text.textContent).to.equal('Named');
    element.for = undefined;
    getDefaultController().subtitle.show('Default');
    await element.updateComplete;
    expect(parts(element).text.textContent).to.equal('Default');
  });

  it('stops listening to a model once disconnected', async () => {
    const dddk = controller();
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    element.remove();
    let renders = 0;
    const original = element.requestUpdate.bind(element);
    element.requestUpdate = (...args: Parameters<typeof original>) => {
      renders++;
      original(...args);
    };
    dddk.subtitle.show('nobody watches');
    expect(renders).to.equal(0);
  });
});

describe('<dddk-subtitle> renders the model', () => {
  it('streams deltas with a cursor and a busy live region holding finished sentences', async () => {
    const dddk = controller();
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    dddk.subtitle.append('Opening the ');
    await element.updateComplete;
    expect(parts(element).text.textContent).to.equal('Opening the ');
    expect(parts(element).cursor).to.exist;
    expect(parts(element).liveRegion.getAttribute('aria-busy')).to.equal('true');
    expect(parts(element).liveRegion.getAttribute('aria-live')).to.equal('polite');
    expect(parts(element).liveRegion.textContent!.trim()).to.equal('');

    dddk.subtitle.append('cart. Next I');
    await element.updateComplete;
    expect(parts(element).text.textContent).to.equal('Opening the cart. Next I');
    expect(parts(element).liveRegion.textContent!.trim()).to.equal('Opening the cart.');

    dddk.subtitle.finalize();
    await element.updateComplete;
    expect(parts(element).cursor).to.equal(null);
    expect(parts(element).liveRegion.getAttribute('aria-busy')).to.equal('false');
    expect(parts(element).liveRegion.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Opening the cart. Next I');
  });

  it('renders markup and XSS payloads as text, never as HTML', async () => {
    const calls: string[] = [];
    const saved = { alert: window.alert, prompt: window.prompt };
    window.alert = (message?: unknown) => void calls.push(`alert ${String(message)}`);
    window.prompt = (message?: string) => (calls.push(`prompt ${String(message)}`), null);
    try {
      const dddk = controller();
      const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
      for (const payload of xssSamples) {
        // One page, so the whole payload is on screen at once.
        dddk.subtitle.show({ text: payload, paging: false });
        await element.updateComplete;
        const { text, liveRegion } = parts(element);
        expect(text.textContent).to.equal(payload);
        expect(text.children.length, payload).to.equal(0);
        expect(liveRegion.querySelectorAll(':not(span)').length, payload).to.equal(0);
        expect(liveRegion.textContent).to.include(payload.split('\n')[0]!.trim().slice(0, 20));
      }
      dddk.subtitle.append('<img src=x onerror=alert(2)>');
      await element.updateComplete;
      expect(parts(element).text.querySelector('img')).to.equal(null);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(calls).to.deep.equal([]);
    } finally {
      window.alert = saved.alert;
      window.prompt = saved.prompt;
    }
  });

  it('marks notices by type and speaks a prefix for errors', async () => {
    const dddk = controller();
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    dddk.subtitle.show({ text: 'Payment failed.', type: 'error' });
    await element.updateComplete;
    expect(parts(element).base!.classList.contains('subtitle--error')).to.equal(true);
    expect(parts(element).liveRegion.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Error: Payment failed.');
  });
});

describe('<dddk-subtitle> closing and events', () => {
  it('has a localized accessible name on the close button that follows setLocale', async () => {
    const dddk = controller({ locale: 'zh-TW' });
    dddk.subtitle.show('你好');
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    expect(parts(element).closeButton.getAttribute('aria-label')).to.equal('關閉字幕');
    dddk.setLocale('en');
    await element.updateComplete;
    expect(parts(element).closeButton.getAttribute('aria-label')).to.equal('Close subtitles');
  });

  it('the close button emits a cancelable dddk-request-close, then hides through the model', async () => {
    const dddk = controller();
    dddk.subtitle.show('Close me');
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    const seen = recordEvents(element, ['dddk-request-close', 'dddk-hide']);
    parts(element).closeButton.click();
    await element.updateComplete;
    expect(seen.map(({ type }) => type)).to.deep.equal(['dddk-request-close', 'dddk-hide']);
    const request = seen[0]!.event as DddkRequestCloseEvent;
    expect(request.detail.source).to.equal('close-button');
    expect(request.cancelable && request.bubbles && request.composed).to.equal(true);
    expect(dddk.subtitle.getState().visible).to.equal(false);
    expect(isShown(element)).to.equal(false);
  });

  it('keeps the bar when dddk-request-close is cancelled', async () => {
    const dddk = controller();
    dddk.subtitle.show('Stay');
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    element.addEventListener('dddk-request-close', (event) => event.preventDefault());
    parts(element).closeButton.click();
    await element.updateComplete;
    expect(dddk.subtitle.getState().visible).to.equal(true);
    expect(isShown(element)).to.equal(true);
  });

  it('Escape inside the bar requests a close with source escape', async () => {
    const dddk = controller();
    dddk.subtitle.show('Press Escape');
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    const seen = recordEvents(element, ['dddk-request-close']);
    parts(element).closeButton.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await element.updateComplete;
    expect((seen[0]?.event as DddkRequestCloseEvent | undefined)?.detail.source).to.equal('escape');
    expect(dddk.subtitle.getState().visible).to.equal(false);
  });

  it('emits dddk-show and dddk-hide on visibility changes only', async () => {
    const dddk = controller();
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    const seen = recordEvents(element, ['dddk-show', 'dddk-hide']);
    dddk.subtitle.show('one');
    await element.updateComplete;
    dddk.subtitle.show('two');
    await element.updateComplete;
    dddk.subtitle.append('three');
    await element.updateComplete;
    dddk.subtitle.hide();
    await element.updateComplete;
    expect(seen.map(({ type }) => type)).to.deep.equal(['dddk-show', 'dddk-hide']);
    expect(seen.every(({ event }) => event.bubbles && event.composed)).to.equal(true);
  });
});

describe('<dddk-subtitle> element API', () => {
  it('reflects placement, reads for, and marks itself for html2canvas to skip', async () => {
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle for="x"></dddk-subtitle>`);
    expect(element.getAttribute('placement')).to.equal('bottom');
    element.placement = 'top';
    await element.updateComplete;
    expect(element.getAttribute('placement')).to.equal('top');
    expect(element.for).to.equal('x');
    expect(element.hasAttribute('data-html2canvas-ignore')).to.equal(true);
  });

  it('sits at the bottom centre by default and at the top with placement="top"', async () => {
    const dddk = controller();
    dddk.subtitle.show('Where am I?');
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    const bar = parts(element).base!.getBoundingClientRect();
    expect(bar.bottom).to.be.greaterThan(window.innerHeight / 2);
    expect(Math.abs(bar.left + bar.width / 2 - window.innerWidth / 2)).to.be.lessThan(2);
    element.placement = 'top';
    await element.updateComplete;
    expect(parts(element).base!.getBoundingClientRect().top).to.be.lessThan(window.innerHeight / 2);
  });

  it('exposes visible and streaming as custom states', async () => {
    const dddk = controller();
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    dddk.subtitle.append('streaming');
    await element.updateComplete;
    expect(element.matches(':state(visible)') && element.matches(':state(streaming)')).to.equal(true);
    dddk.subtitle.finalize();
    await element.updateComplete;
    expect(element.matches(':state(streaming)')).to.equal(false);
  });

  it('define() is a no-op when the tag is already registered', () => {
    expect(() => {
      defineSubtitle();
      DddkSubtitle.define('dddk-subtitle');
    }).not.to.throw();
    expect(customElements.get('dddk-subtitle')).to.equal(DddkSubtitle);
  });

  it('stops the cursor blinking under prefers-reduced-motion', async () => {
    const dddk = controller();
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    dddk.subtitle.append('typing');
    await element.updateComplete;
    expect(getComputedStyle(parts(element).cursor!).animationName).to.equal('cursor-blink');
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      expect(getComputedStyle(parts(element).cursor!).animationName).to.equal('none');
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });
});

describe('<dddk-subtitle> accessibility (axe-core)', () => {
  // The bar fades in; without motion axe measures its final colours, not a frame of the fade.
  before(() => emulateMedia({ reducedMotion: 'reduce' }));
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('passes when shown', async () => {
    const dddk = controller();
    dddk.subtitle.show({ text: 'Your order is confirmed. It ships tomorrow.', type: 'success' });
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    await expect(element).to.be.accessible();
  });

  it('passes while streaming', async () => {
    const dddk = controller();
    dddk.subtitle.append('I am looking at the page. Searching for');
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    await expect(element).to.be.accessible();
  });

  it('passes when hidden', async () => {
    const dddk = controller();
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    await expect(element).to.be.accessible();
  });
});
