import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { bindGestures, type GestureHostContext, type GestureIntent } from '../../../core/input/index.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, for at most `ms`. */
async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) return;
    await sleep(10);
  }
}

describe('bindGestures in the page', () => {
  let host: GestureHostContext;
  let intents: GestureIntent[];
  let unbind: (() => void) | undefined;
  const cleanups: Array<() => void> = [];

  function bind(thresholds = { tapMaxMs: 150, holdMinMs: 250, doubleTapWindowMs: 80 }) {
    unbind = bindGestures(document, { context: () => host, onIntent: (i) => intents.push(i), thresholds });
  }

  function tallPage(): void {
    const filler = document.createElement('div');
    filler.style.height = '5000px';
    document.body.append(filler);
    cleanups.push(() => filler.remove());
  }

  beforeEach(() => {
    host = { awaitingUser: true };
    intents = [];
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur?.();
  });

  afterEach(() => {
    unbind?.();
    unbind = undefined;
    for (const cleanup of cleanups.splice(0)) cleanup();
    window.scrollTo(0, 0);
  });

  /** Whether the page's own handlers saw Space with its default (scrolling) cancelled. */
  function watchSpaceDefault(): { prevented: boolean[] } {
    const seen = { prevented: [] as boolean[] };
    const listener = (event: KeyboardEvent) => {
      if (event.key === ' ') seen.prevented.push(event.defaultPrevented);
    };
    window.addEventListener('keydown', listener);
    cleanups.push(() => window.removeEventListener('keydown', listener));
    return seen;
  }

  // A tab in the background paints no frames and scrolls nothing, so the tests read the default
  // action's fate from the event instead of from the scroll position.
  it('Space on the page while awaiting the user accepts and its default (scrolling) is cancelled', async () => {
    tallPage();
    bind();
    const seen = watchSpaceDefault();
    await sendKeys({ press: 'Space' });
    await until(() => intents.length > 0);
    await sleep(150);
    expect(intents).to.deep.equal(['accept']);
    expect(seen.prevented).to.deep.equal([true]);
  });

  it('Space on the page with nothing awaiting is left to the browser', async () => {
    tallPage();
    host = { awaitingUser: false };
    bind();
    const seen = watchSpaceDefault();
    await sendKeys({ press: 'Space' });
    await sleep(150);
    expect(seen.prevented).to.deep.equal([false]);
    expect(intents).to.deep.equal([]);
  });

  it('Space in an <input> types normally, even while something awaits the user', async () => {
    const input = document.createElement('input');
    document.body.append(input);
    cleanups.push(() => input.remove());
    bind();
    input.focus();
    await sendKeys({ type: 'a b' });
    await sleep(150);
    expect(input.value).to.equal('a b');
    expect(intents).to.deep.equal([]);
  });

  it('an input inside a shadow root counts as typing', async () => {
    const shadowHost = document.createElement('div');
    const input = document.createElement('input');
    shadowHost.attachShadow({ mode: 'open' }).append(input);
    document.body.append(shadowHost);
    cleanups.push(() => shadowHost.remove());
    bind();
    input.focus();
    await sendKeys({ type: 'x y' });
    await sendKeys({ press: 'Tab' });
    await sleep(150);
    expect(input.value).to.equal('x y');
    expect(intents).to.deep.equal([]);
  });

  it('a contenteditable region counts as typing', async () => {
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    document.body.append(editable);
    cleanups.push(() => editable.remove());
    bind();
    editable.focus();
    await sendKeys({ type: 'p q' });
    await sleep(150);
    expect(editable.textContent?.replace(/\u00a0/g, ' ')).to.equal('p q');
    expect(intents).to.deep.equal([]);
  });

  it('Ctrl+K toggles the palette and its default action is prevented, even with nothing awaiting', async () => {
    host = { awaitingUser: false };
    bind();
    let prevented: boolean | undefined;
    const watch = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k') prevented = event.defaultPrevented;
    };
    window.addEventListener('keydown', watch);
    cleanups.push(() => window.removeEventListener('keydown', watch));
    await sendKeys({ down: 'Control' });
    try {
      await sendKeys({ press: 'KeyK' });
    } finally {
      await sendKeys({ up: 'Control' });
    }
    expect(intents).to.deep.equal(['toggle-palette']);
    expect(prevented).to.equal(true);
  });

  it('holding Space starts voice and releasing it ends voice; a lost focus also ends it', async () => {
    bind();
    await sendKeys({ down: 'Space' });
    await until(() => intents.includes('voice-start'));
    await sendKeys({ up: 'Space' });
    expect(intents).to.deep.equal(['voice-start', 'voice-end']);

    intents = [];
    await sendKeys({ down: 'Space' });
    await until(() => intents.includes('voice-start'));
    window.dispatchEvent(new Event('blur'));
    expect(intents).to.deep.equal(['voice-start', 'voice-end']);
    await sendKeys({ up: 'Space' });
    expect(intents).to.deep.equal(['voice-start', 'voice-end']);
  });

  it('the page becoming hidden ends a hold', async () => {
    bind();
    await sendKeys({ down: 'Space' });
    await until(() => intents.includes('voice-start'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
    expect(intents).to.deep.equal(['voice-start', 'voice-end']);
    await sendKeys({ up: 'Space' });
    expect(intents).to.deep.equal(['voice-start', 'voice-end']);
  });

  it('Esc dismisses and Tab accepts a line while awaiting; unbind stops listening', async () => {
    bind();
    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 'Tab' });
    expect(intents).to.deep.equal(['dismiss', 'accept-line']);
    unbind?.();
    unbind = undefined;
    await sendKeys({ press: 'Escape' });
    expect(intents).to.deep.equal(['dismiss', 'accept-line']);
  });
});
