import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { addStrings, clearStrings } from '../../../core/i18n/index.js';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import type { SubtitleActionName } from '../../../core/subtitle/subtitle.types.js';
import type { DddkRequestCloseEvent } from '../../../elements/events/request-close.js';
import { loadMarkdownRenderer } from '../../../elements/internal/markdown/lazy-markdown.js';
import { DddkSubtitle, defineSubtitle } from '../../../elements/subtitle/subtitle.js';
import { xssSamples } from './fixtures/xss-samples.js';

defineSubtitle();

const LONG = 'The first sentence is here. The second one follows it. A third closes the text.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const created: DddkController[] = [];
function controller(): DddkController {
  const dddk = createDddk({ locale: 'en' });
  created.push(dddk);
  return dddk;
}

afterEach(() => {
  for (const dddk of created.splice(0)) dddk.destroy();
});

async function bar(dddk: DddkController): Promise<DddkSubtitle> {
  const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
  await element.updateComplete;
  return element;
}

function part(element: DddkSubtitle, name: string): HTMLElement | null {
  return element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
}

function liveText(element: DddkSubtitle): string {
  return element.shadowRoot!.querySelector('[role="status"][aria-live]')!.textContent!.replace(/\s+/g, ' ').trim();
}

/** Waits until `check` holds, for at most `ms`. */
async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await sleep(10);
  }
}

function pointer(target: Element, type: string, x: number, y: number, pointerType = 'touch'): void {
  target.dispatchEvent(
    new PointerEvent(type, { bubbles: true, composed: true, pointerId: 7, isPrimary: true, pointerType, clientX: x, clientY: y }),
  );
}

describe('<dddk-subtitle> pages', () => {
  it('shows one page at a time with a counter; the live region holds that page only', async () => {
    const dddk = controller();
    const element = await bar(dddk);
    dddk.subtitle.show({ text: LONG, paging: { maxChars: 40 } });
    await element.updateComplete;
    expect(part(element, 'text')!.textContent).to.equal('The first sentence is here.');
    expect(part(element, 'page')!.textContent).to.include('1 / 3');
    expect(part(element, 'page')!.textContent).to.include('Page 1 of 3');
    expect(part(element, 'page-hint')!.textContent).to.equal('Space for more');
    expect(liveText(element)).to.equal('The first sentence is here.');
    dddk.subtitle.nextPage();
    dddk.subtitle.nextPage();
    await element.updateComplete;
    expect(part(element, 'text')!.textContent).to.equal('A third closes the text.');
    expect(part(element, 'page-hint')).to.equal(null);
  });
});

describe('<dddk-subtitle> message buttons', () => {
  it('renders the configured buttons; accept, reject and cancel reach onAction and hide the bar', async () => {
    const dddk = controller();
    const element = await bar(dddk);
    const heard: SubtitleActionName[] = [];
    for (const action of ['accept', 'reject', 'cancel'] as const) {
      dddk.subtitle.show({ text: 'Apply it?', actions: ['accept', 'reject', 'cancel'], onAction: (a) => heard.push(a) });
      await element.updateComplete;
      const buttons = [...element.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="action"]')];
      expect(buttons.map((b) => b.textContent!.trim())).to.deep.equal(['Accept', 'Reject', 'Cancel']);
      part(element, `action-${action}`)!.click();
      await element.updateComplete;
      expect(part(element, 'base')!.hidden).to.equal(true);
    }
    expect(heard).to.deep.equal(['accept', 'reject', 'cancel']);
  });

  it('copy writes the whole text (every page) to the clipboard and says "Copied" politely', async () => {
    const dddk = controller();
    const element = await bar(dddk);
    const written: string[] = [];
    const clipboard = navigator.clipboard;
    const saved = clipboard.writeText;
    clipboard.writeText = async (text: string) => void written.push(text);
    try {
      dddk.subtitle.show({ text: LONG, paging: { maxChars: 40 }, actions: ['copy'] });
      await element.updateComplete;
      const status = part(element, 'copy-status')!;
      expect(status.getAttribute('role')).to.equal('status');
      expect(status.textContent).to.equal('');
      part(element, 'action-copy')!.click();
      await until(() => status.textContent === 'Copied');
      expect(written).to.deep.equal([LONG]);
      expect(part(element, 'base')!.hidden).to.equal(false);
    } finally {
      clipboard.writeText = saved;
    }
  });

  it('says "Could not copy" when the browser refuses the clipboard, and onAction does not hear a copy', async () => {
    const dddk = controller();
    const element = await bar(dddk);
    const heard: string[] = [];
    const clipboard = navigator.clipboard;
    const saved = clipboard.writeText;
    clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    try {
      dddk.subtitle.show({ text: 'Copy me.', actions: ['copy'], onAction: (a) => heard.push(a) });
      await element.updateComplete;
      part(element, 'action-copy')!.click();
      await until(() => part(element, 'copy-status')!.textContent === 'Could not copy');
      expect(heard).to.deep.equal([]);
    } finally {
      clipboard.writeText = saved;
    }
  });
});

describe('<dddk-subtitle> auto-hide', () => {
  it('hides an autoHide message by itself, but not while the pointer is on it', async () => {
    const dddk = controller();
    const element = await bar(dddk);
    dddk.subtitle.show({ text: 'Saved.', autoHide: 150 });
    await element.updateComplete;
    const base = part(element, 'base')!;
    base.dispatchEvent(new MouseEvent('mouseenter'));
    await sleep(300);
    expect(dddk.subtitle.getState().visible).to.equal(true);
    base.dispatchEvent(new MouseEvent('mouseleave'));
    await until(() => !dddk.subtitle.getState().visible);
    await element.updateComplete;
    expect(base.hidden).to.equal(true);
  });

  it('keeps the message while focus is inside the bar, and a persistent one for good', async () => {
    const dddk = controller();
    const element = await bar(dddk);
    dddk.subtitle.show({ text: 'Saved.', autoHide: 100, actions: ['copy'] });
    await element.updateComplete;
    // Focus events are dispatched by hand: a background tab gives no element real focus.
    const button = part(element, 'action-copy')!;
    button.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
    await sleep(250);
    expect(dddk.subtitle.getState().visible).to.equal(true);
    button.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true, relatedTarget: null }));
    await until(() => !dddk.subtitle.getState().visible);
    dddk.subtitle.show({ text: 'Read me.', persistent: true, autoHide: 50 });
    await sleep(200);
    expect(dddk.subtitle.getState().visible).to.equal(true);
  });
});

describe('<dddk-subtitle> streaming', () => {
  it('shows a cursor with a busy live region, and updates the live region a sentence at a time', async () => {
    const dddk = controller();
    const element = await bar(dddk);
    const region = element.shadowRoot!.querySelector('[role="status"][aria-live]')!;
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    observer.observe(region, { childList: true, subtree: true, characterData: true });
    for (const delta of ['Open', 'ing the ', 'cart', '. Then ', 'I will ', 'pay', '.']) {
      dddk.subtitle.append(delta);
      await element.updateComplete;
    }
    observer.disconnect();
    expect(region.getAttribute('aria-busy')).to.equal('true');
    expect(part(element, 'cursor')).to.not.equal(null);
    // Seven deltas, one finished sentence: the region changed for that sentence only.
    const added = mutations.flatMap((m) => [...m.addedNodes]).filter((n) => n.textContent?.trim());
    expect(added.map((n) => n.textContent!.trim())).to.deep.equal(['Opening the cart.']);
    dddk.subtitle.finalize();
    await element.updateComplete;
    expect(region.getAttribute('aria-busy')).to.equal('false');
    expect(liveText(element)).to.equal('Opening the cart. Then I will pay.');
  });
});

describe('<dddk-subtitle> indicators and avatar', () => {
  it('shows an indicator with an accessible name, overridable through host strings', async () => {
    const dddk = controller();
    const element = await bar(dddk);
    dddk.subtitle.setIndicator('processing');
    await element.updateComplete;
    const indicator = part(element, 'indicator')!;
    expect(indicator.getAttribute('role')).to.equal('img');
    expect(indicator.getAttribute('aria-label')).to.equal('Working on it');
    expect(indicator.getAttribute('part')).to.include('indicator-processing');
    addStrings('en', { subtitle: { indicators: { processing: 'Thinking hard' } } });
    try {
      await element.updateComplete;
      expect(part(element, 'indicator')!.getAttribute('aria-label')).to.equal('Thinking hard');
    } finally {
      clearStrings();
    }
    dddk.subtitle.setIndicator('listening', 'Mic on');
    await element.updateComplete;
    expect(part(element, 'indicator')!.getAttribute('aria-label')).to.equal('Mic on');
  });

  it('with agent-activity, shows "processing" while the controller\'s agent thinks', async () => {
    const dddk = controller();
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle agent-activity .controller=${dddk}></dddk-subtitle>`);
    dddk.emit('agent_thinking', { runId: 'r', step: 1 });
    await element.updateComplete;
    expect(part(element, 'indicator')!.getAttribute('aria-label')).to.equal('Working on it');
    dddk.emit('agent_narrate_delta', { runId: 'r', step: 1, actionIndex: 0, text: 'Hi' });
    await element.updateComplete;
    expect(part(element, 'indicator')).to.equal(null);
    element.agentActivity = false;
    await element.updateComplete;
    dddk.emit('agent_thinking', { runId: 'r', step: 2 });
    await element.updateComplete;
    expect(part(element, 'indicator')).to.equal(null);
  });

  it('shows an avatar image with its label, and the initials when the image fails', async () => {
    const dddk = controller();
    const element = await bar(dddk);
    dddk.subtitle.setAvatar({ label: 'Shop Assistant', src: 'data:image/png;base64,AAAA' });
    dddk.subtitle.show('Hello.');
    await element.updateComplete;
    const image = part(element, 'avatar-image') as HTMLImageElement;
    expect(image.alt).to.equal('Shop Assistant');
    await until(() => part(element, 'avatar-initials') !== null);
    expect(part(element, 'avatar-initials')!.textContent).to.equal('SA');
    expect(part(element, 'avatar-initials')!.getAttribute('aria-label')).to.equal('Shop Assistant');
  });
});

describe('<dddk-subtitle> markdown', () => {
  it('renders a markdown message as sanitized markdown; streamed text stays plain', async () => {
    const dddk = controller();
    const element = await bar(dddk);
    await loadMarkdownRenderer();
    dddk.subtitle.show({ text: 'See **the docs** and [ask](https://example.com).', format: 'markdown' });
    await element.updateComplete;
    await until(() => part(element, 'text')!.querySelector('strong') !== null);
    const link = part(element, 'text')!.querySelector('a')!;
    expect(link.getAttribute('href')).to.equal('https://example.com');
    expect(link.getAttribute('rel')).to.include('noopener');
    expect(liveText(element)).to.equal('See the docs and ask.');
    dddk.subtitle.append('**not bold** while streaming');
    await element.updateComplete;
    expect(part(element, 'text')!.querySelector('strong')).to.equal(null);
    expect(part(element, 'text')!.textContent).to.equal('**not bold** while streaming');
  });

  it('runs no script from any XSS sample and leaves no handler or javascript: URL in the shadow root', async () => {
    const canary = window as unknown as { __dddkXss?: number };
    const calls: string[] = [];
    const saved = { alert: window.alert, prompt: window.prompt, confirm: window.confirm };
    window.alert = (message?: unknown) => void calls.push(`alert ${String(message)}`);
    window.prompt = (message?: string) => (calls.push(`prompt ${String(message)}`), null);
    window.confirm = (message?: string) => (calls.push(`confirm ${String(message)}`), false);
    delete canary.__dddkXss;
    try {
      const dddk = controller();
      const element = await bar(dddk);
      await loadMarkdownRenderer();
      const samples = [
        ...xssSamples,
        '<img src=x onerror="window.__dddkXss=1">',
        '[click](javascript:window.__dddkXss=2) ![img](javascript:window.__dddkXss=3)',
        '<a href="jAvAsCrIpT:window.__dddkXss=4">x</a> <iframe srcdoc="<script>parent.__dddkXss=5</script>"></iframe>',
      ];
      for (const sample of samples) {
        dddk.subtitle.show({ text: sample, format: 'markdown', paging: false });
        await element.updateComplete;
        await sleep(20);
        for (const node of element.shadowRoot!.querySelectorAll('*')) {
          for (const attribute of node.attributes) {
            expect(attribute.name.startsWith('on'), `${attribute.name} from ${sample}`).to.equal(false);
            expect(/^\s*javascript:/i.test(attribute.value), `${attribute.name}=${attribute.value} from ${sample}`).to.equal(false);
          }
        }
        const rendered = part(element, 'text')!;
        expect(rendered.querySelector('script, iframe, svg, input, form, style'), sample).to.equal(null);
      }
      await sleep(100);
      expect(calls).to.deep.equal([]);
      expect(canary.__dddkXss).to.equal(undefined);
    } finally {
      Object.assign(window, saved);
    }
  });
});

describe('<dddk-subtitle> touch', () => {
  it('a swipe down requests a close with source swipe; a sideways drag does nothing', async () => {
    const dddk = controller();
    const element = await bar(dddk);
    dddk.subtitle.show('Swipe me away.');
    await element.updateComplete;
    const requests: string[] = [];
    element.addEventListener('dddk-request-close', (event: DddkRequestCloseEvent) => requests.push(event.detail.source));
    const base = part(element, 'base')!;
    pointer(base, 'pointerdown', 100, 100);
    pointer(base, 'pointerup', 200, 110);
    expect(dddk.subtitle.getState().visible).to.equal(true);
    pointer(base, 'pointerdown', 100, 100);
    pointer(base, 'pointerup', 105, 180);
    expect(requests).to.deep.equal(['swipe']);
    expect(dddk.subtitle.getState().visible).to.equal(false);
  });

  it('a tap on the bar accepts a pending confirm; a mouse click on the text does not', async () => {
    const dddk = controller();
    const element = await bar(dddk);
    dddk.subtitle.show('Delete the draft?');
    const answer = dddk.subtitle.ask({ kind: 'confirm', message: 'Delete it?' });
    await element.updateComplete;
    const text = part(element, 'text')!;
    pointer(text, 'pointerdown', 50, 50, 'mouse');
    pointer(text, 'pointerup', 50, 50, 'mouse');
    expect(dddk.subtitle.getState().prompt).to.not.equal(undefined);
    pointer(text, 'pointerdown', 50, 50);
    pointer(text, 'pointerup', 52, 51);
    expect(await answer).to.deep.equal({ kind: 'confirm', accepted: true });
  });

  it("a tap on a button of the bar is the button's, not an accept", async () => {
    const dddk = controller();
    const element = await bar(dddk);
    const answer = dddk.subtitle.ask({ kind: 'confirm', message: 'Sure?' });
    await element.updateComplete;
    const reject = part(element, 'prompt-reject')!;
    pointer(reject, 'pointerdown', 10, 10);
    pointer(reject, 'pointerup', 10, 10);
    expect(dddk.subtitle.getState().prompt).to.not.equal(undefined);
    reject.click();
    expect(await answer).to.deep.include({ accepted: false });
  });
});

describe('<dddk-subtitle> bar states pass axe-core', () => {
  before(() => emulateMedia({ reducedMotion: 'reduce' }));
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  const states: Array<[string, (dddk: DddkController) => void | Promise<void>]> = [
    ['a paged message', (dddk) => dddk.subtitle.show({ text: LONG, paging: { maxChars: 40 } })],
    ['message buttons', (dddk) => dddk.subtitle.show({ text: 'Apply it?', actions: ['accept', 'reject', 'cancel', 'copy'] })],
    ['an indicator alone', (dddk) => dddk.subtitle.setIndicator('listening')],
    ['an indicator with text', (dddk) => (dddk.subtitle.setIndicator('processing'), dddk.subtitle.append('Looking. '))],
    ['an avatar image', (dddk) => (dddk.subtitle.setAvatar({ label: 'Assistant', src: 'data:image/png;base64,iVBORw0KGgo=' }), dddk.subtitle.show('Hi.'))],
    ['avatar initials', (dddk) => (dddk.subtitle.setAvatar({ label: 'Assistant' }), dddk.subtitle.show({ text: 'Hi.', type: 'agent' }))],
    [
      'markdown',
      async (dddk) => {
        await loadMarkdownRenderer();
        dddk.subtitle.show({ text: '# Title\n\n- **one** [link](https://example.com)\n- `two`\n\n> quote', format: 'markdown' });
      },
    ],
    ['the user type', (dddk) => dddk.subtitle.show({ text: 'Find blue socks', type: 'user' })],
    ['a choice', (dddk) => void dddk.subtitle.ask({ kind: 'choice', message: 'Which?', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] })],
  ];
  for (const [name, arrange] of states) {
    it(`with ${name}`, async () => {
      const dddk = controller();
      await arrange(dddk);
      const element = await bar(dddk);
      await sleep(30);
      expect(part(element, 'base')!.hidden).to.equal(false);
      await expect(element).to.be.accessible();
    });
  }
});
