import { expect, fixtureSync, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import { documentGestureParticipants } from '../../../core/input/document-gestures.js';
import { controllerPalette } from '../../../core/palette/controller-palette.js';
import type { DddkRequestCloseEvent } from '../../../elements/events/request-close.js';
import { definePalette } from '../../../elements/palette/palette.js';
import { subtitleUiModule } from '../../../elements/subtitle/lazy-subtitle-ui.js';
import { DddkSubtitle, defineSubtitle } from '../../../elements/subtitle/subtitle.js';
import { created, sleep, until, watchSpaceDefault } from './gesture-support.js';

defineSubtitle();
definePalette();

const LONG = 'The first sentence is here. The second one follows it. A third closes the text.';
const PAGING = { maxChars: 40 };
// A short double-tap window keeps the tests quick; a hold still needs a deliberate press.
const THRESHOLDS = { tapMaxMs: 150, doubleTapWindowMs: 120, holdMinMs: 250 };

/** Settles with the value, or fails when it is still pending after `ms`. */
function within<T>(promise: Promise<T>, ms = 2000): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms))]);
}



async function page(options: { bars?: number } = {}) {
  // With the bar's view already fetched, a shown bar joins the gesture binding in the same update,
  // before the next key can arrive.
  await subtitleUiModule.load();
  const dddk = createDddk({ locale: 'en' });
  created.push(dddk);
  const bars = Array.from({ length: options.bars ?? 1 }, () => html`<dddk-subtitle .controller=${dddk} .gestureThresholds=${THRESHOLDS}></dddk-subtitle>`);
  const root = fixtureSync<HTMLElement>(html`<div>
    <input id="field" aria-label="Field" />
    <textarea id="area" aria-label="Area"></textarea>
    <div id="editable" contenteditable="true" aria-label="Editable" role="textbox"></div>
    <div id="shadow-host"></div>
    ${bars}
  </div>`);
  const subtitles = [...root.querySelectorAll<DddkSubtitle>('dddk-subtitle')];
  await Promise.all(subtitles.map((s) => s.updateComplete));
  (document.activeElement as HTMLElement | null)?.blur?.();
  return { dddk, root, subtitle: subtitles[0]!, subtitles };
}

function indicatorOf(subtitle: DddkSubtitle): string | null | undefined {
  return subtitle.shadowRoot!.querySelector('[part~="indicator"]')?.getAttribute('aria-label');
}

describe('<dddk-subtitle> gestures: Space', () => {
  it('a tap on the page turns the page of a paged message, and its default (scrolling) is cancelled', async () => {
    const { dddk } = await page();
    dddk.subtitle.show({ text: LONG, paging: PAGING });
    const prevented = watchSpaceDefault();
    await sendKeys({ press: 'Space' });
    await until(() => dddk.subtitle.getState().page === 1);
    await sendKeys({ press: 'Space' });
    await until(() => dddk.subtitle.getState().page === 2);
    expect(prevented).to.deep.equal([true, true]);
  });

  it('a tap accepts a pending confirm while focus is on the page; a double tap rejects', async () => {
    const { dddk } = await page();
    let answer = dddk.subtitle.ask({ kind: 'confirm', message: 'Delete it?' });
    await sleep(20);
    (document.activeElement as HTMLElement | null)?.blur?.();
    await sendKeys({ press: 'Space' });
    expect(await within(answer)).to.deep.equal({ kind: 'confirm', accepted: true });
    answer = dddk.subtitle.ask({ kind: 'confirm', message: 'Really delete it?' });
    await sleep(20);
    (document.activeElement as HTMLElement | null)?.blur?.();
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Space' });
    expect(await within(answer)).to.deep.include({ kind: 'confirm', accepted: false });
  });

  it('a double tap on a message offering reject rejects it', async () => {
    const { dddk } = await page();
    const heard: string[] = [];
    dddk.subtitle.show({ text: 'Use the coupon?', actions: ['accept', 'reject'], onAction: (a) => heard.push(a) });
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Space' });
    await until(() => heard.length > 0);
    await sleep(200);
    expect(heard).to.deep.equal(['reject']);
  });

  it('a hold starts voice and its release ends it: bus events, DOM events and the listening indicator', async () => {
    const { dddk, subtitle } = await page();
    dddk.subtitle.show({ text: LONG, paging: PAGING });
    const bus: string[] = [];
    dddk.on('voice_start', (event) => bus.push(`start:${event.source}`));
    dddk.on('voice_end', (event) => bus.push(`end:${event.source}`));
    const dom: string[] = [];
    subtitle.addEventListener('dddk-voice-start', () => dom.push('start'));
    subtitle.addEventListener('dddk-voice-end', () => dom.push('end'));
    await sendKeys({ down: 'Space' });
    try {
      await until(() => bus.length === 1);
      await subtitle.updateComplete;
      expect(indicatorOf(subtitle)).to.equal('Listening');
    } finally {
      await sendKeys({ up: 'Space' });
    }
    await until(() => bus.length === 2);
    await subtitle.updateComplete;
    expect(bus).to.deep.equal(['start:space-hold', 'end:space-hold']);
    expect(dom).to.deep.equal(['start', 'end']);
    expect(indicatorOf(subtitle)).to.equal(undefined);
    expect(dddk.subtitle.getState().page, 'a hold is no tap').to.equal(0);
  });

  it("Space is the page's while nothing awaits the user", async () => {
    const { dddk } = await page();
    dddk.subtitle.show('Just a notice.');
    const prevented = watchSpaceDefault();
    await sendKeys({ press: 'Space' });
    await sleep(200);
    expect(prevented).to.deep.equal([false]);
    expect(dddk.subtitle.getState().visible).to.equal(true);
  });
});

describe('<dddk-subtitle> gestures: Tab, Esc, Ctrl+K', () => {
  it('Tab accepts a message offering accept, at once, whatever its page', async () => {
    const { dddk } = await page();
    const heard: string[] = [];
    dddk.subtitle.show({ text: LONG, paging: PAGING, actions: ['accept'], onAction: (a) => heard.push(a) });
    await sendKeys({ press: 'Tab' });
    expect(heard).to.deep.equal(['accept']);
    expect(dddk.subtitle.getState().visible).to.equal(false);
  });

  it('Tab moves focus as usual when there is nothing to accept', async () => {
    const { dddk, root } = await page();
    dddk.subtitle.show({ text: LONG, paging: PAGING });
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(root.querySelector('#field'));
    expect(dddk.subtitle.getState().page).to.equal(0);
  });

  it('Esc on the page requests a close of an awaiting message, and cancels one offering cancel', async () => {
    const { dddk, subtitle } = await page();
    const sources: string[] = [];
    subtitle.addEventListener('dddk-request-close', (event: DddkRequestCloseEvent) => sources.push(event.detail.source));
    dddk.subtitle.show({ text: LONG, paging: PAGING });
    await sendKeys({ press: 'Escape' });
    expect(sources).to.deep.equal(['escape']);
    expect(dddk.subtitle.getState().visible).to.equal(false);
    const heard: string[] = [];
    dddk.subtitle.show({ text: 'Keep going?', actions: ['accept', 'cancel'], onAction: (a) => heard.push(a) });
    await sendKeys({ press: 'Escape' });
    expect(heard).to.deep.equal(['cancel']);
    expect(sources).to.deep.equal(['escape']);
  });

  it('Ctrl+K toggles the palette exactly once with a palette element and a bar on the page', async () => {
    const { dddk, root } = await page();
    const palette = document.createElement('dddk-palette');
    palette.controller = dddk;
    root.append(palette);
    await palette.updateComplete;
    dddk.subtitle.show({ text: LONG, paging: PAGING });
    await sendKeys({ down: 'Control' });
    try {
      await sendKeys({ press: 'KeyK' });
    } finally {
      await sendKeys({ up: 'Control' });
    }
    expect(controllerPalette(dddk).getState().open).to.equal(true);
    // While the palette is open, Space and Esc are the palette's.
    controllerPalette(dddk).setQuery('');
    await sendKeys({ press: 'Escape' });
    expect(controllerPalette(dddk).getState().open).to.equal(false);
    expect(dddk.subtitle.getState().visible, 'Esc closed the palette, not the bar').to.equal(true);
  });
});

describe('<dddk-subtitle> gestures never take keys from someone typing', () => {
  for (const [name, target] of [
    ['an input', (root: HTMLElement) => root.querySelector<HTMLElement>('#field')!],
    ['a textarea', (root: HTMLElement) => root.querySelector<HTMLElement>('#area')!],
    ['a contenteditable', (root: HTMLElement) => root.querySelector<HTMLElement>('#editable')!],
    [
      'an input inside a shadow root',
      (root: HTMLElement) => {
        const host = root.querySelector<HTMLElement>('#shadow-host')!;
        const shadow = host.attachShadow({ mode: 'open' });
        const input = document.createElement('input');
        input.setAttribute('aria-label', 'Shadow field');
        shadow.append(input);
        return input;
      },
    ],
  ] as const) {
    it(`Space (tapped or held) and Esc typed into ${name} stay with it while a paged message awaits`, async () => {
      const { dddk, root } = await page();
      dddk.subtitle.show({ text: LONG, paging: PAGING });
      const field = target(root);
      field.focus();
      await sendKeys({ type: 'a b' });
      await sendKeys({ down: 'Space' });
      await sleep(400);
      await sendKeys({ up: 'Space' });
      await sendKeys({ press: 'Escape' });
      await sleep(200);
      const value = 'value' in field ? (field as HTMLInputElement).value : field.textContent;
      expect(value?.replace(/\u00a0/g, ' ')).to.equal('a b ');
      expect(dddk.subtitle.getState().page).to.equal(0);
      expect(dddk.subtitle.getState().visible).to.equal(true);
    });
  }

  it('keys flagged as IME composition are left alone', async () => {
    const { dddk } = await page();
    dddk.subtitle.show({ text: LONG, paging: PAGING });
    for (const init of [{ isComposing: true }, { keyCode: 229 }]) {
      for (const key of [' ', 'Escape', 'Tab']) {
        const down = new KeyboardEvent('keydown', { key, code: key === ' ' ? 'Space' : key, bubbles: true, cancelable: true, composed: true, ...init });
        document.body.dispatchEvent(down);
        document.body.dispatchEvent(new KeyboardEvent('keyup', { key, code: key === ' ' ? 'Space' : key, bubbles: true, composed: true, ...init }));
        expect(down.defaultPrevented, `${key} ${JSON.stringify(init)}`).to.equal(false);
      }
    }
    await sleep(200);
    expect(dddk.subtitle.getState().page).to.equal(0);
    expect(dddk.subtitle.getState().visible).to.equal(true);
  });
});

describe('<dddk-subtitle> gestures: one binding per document', () => {
  it('two bars share one binding: a hold starts voice once; the binding goes with the last bar', async () => {
    const { dddk, subtitles } = await page({ bars: 2 });
    expect(documentGestureParticipants(document), 'bars join once they first show').to.equal(0);
    dddk.subtitle.show({ text: LONG, paging: PAGING });
    await Promise.all(subtitles.map((subtitle) => subtitle.updateComplete));
    expect(documentGestureParticipants(document)).to.equal(2);
    const starts: string[] = [];
    dddk.on('voice_start', () => starts.push('start'));
    await sendKeys({ down: 'Space' });
    try {
      await until(() => starts.length > 0);
      await sleep(100);
    } finally {
      await sendKeys({ up: 'Space' });
    }
    expect(starts).to.deep.equal(['start']);
    await sendKeys({ press: 'Space' });
    await until(() => dddk.subtitle.getState().page !== 0);
    await sleep(200);
    expect(dddk.subtitle.getState().page, 'one tap turns one page').to.equal(1);
    subtitles[0]!.remove();
    expect(documentGestureParticipants(document)).to.equal(1);
    subtitles[1]!.remove();
    expect(documentGestureParticipants(document)).to.equal(0);
  });
});
