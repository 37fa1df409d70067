import { expect, fixtureSync, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import { subtitleUiModule } from '../../../elements/subtitle/lazy-subtitle-ui.js';
import { DddkSubtitle, defineSubtitle } from '../../../elements/subtitle/subtitle.js';
import { created, sleep, until, watchSpaceDefault } from '../input/gesture-support.js';

defineSubtitle();

// A short double-tap window keeps the tests quick; a hold still needs a deliberate press.
const THRESHOLDS = { tapMaxMs: 150, doubleTapWindowMs: 200, holdMinMs: 250 };



/** A page with a field and a bar whose controller runs a task that counts its stops. */
async function running(options: { label?: string; locale?: string } = {}) {
  // With the view fetched already, the bar joins the gesture binding in the update that shows it.
  await subtitleUiModule.load();
  const dddk = createDddk({ locale: options.locale ?? 'en' });
  created.push(dddk);
  const root = fixtureSync<HTMLElement>(html`<div>
    <input id="field" aria-label="Field" />
    <dddk-subtitle .controller=${dddk} .gestureThresholds=${THRESHOLDS}></dddk-subtitle>
  </div>`);
  const subtitle = root.querySelector<DddkSubtitle>('dddk-subtitle')!;
  const calls = { stops: 0 };
  dddk.subtitle.setTask({ ...(options.label ? { label: options.label } : {}), stop: () => void calls.stops++ });
  await subtitle.updateComplete;
  (document.activeElement as HTMLElement | null)?.blur?.();
  return { dddk, root, subtitle, calls };
}

function part(subtitle: DddkSubtitle, name: string): HTMLElement | null {
  return subtitle.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
}

function liveText(subtitle: DddkSubtitle): string {
  return subtitle.shadowRoot!.querySelector('[role="status"][aria-live="polite"]')!.textContent!.replace(/\s+/g, ' ').trim();
}

describe('<dddk-subtitle> Stop button', () => {
  it('shows while a task runs, named "Stop" and described by the task label, and goes with the task', async () => {
    const { dddk, subtitle } = await running({ label: 'Stop the assistant' });
    const stop = part(subtitle, 'stop') as HTMLButtonElement;
    expect(part(subtitle, 'base')!.hidden).to.equal(false);
    expect(stop.localName).to.equal('button');
    expect(stop.type).to.equal('button');
    expect(stop.textContent!.trim()).to.equal('Stop');
    const description = subtitle.shadowRoot!.getElementById(stop.getAttribute('aria-describedby')!);
    expect(description?.textContent).to.equal('Stop the assistant');
    expect(part(subtitle, 'indicator')?.getAttribute('aria-label'), 'a task alone shows that work goes on').to.equal('Working on it');
    expect(part(subtitle, 'close-button')!.hidden, 'closing a task-only bar would change nothing').to.equal(true);
    expect(subtitle.matches(':state(running)')).to.equal(true);
    dddk.subtitle.setTask(undefined);
    await subtitle.updateComplete;
    expect(part(subtitle, 'stop')).to.equal(null);
    expect(subtitle.matches(':state(running)')).to.equal(false);
    expect(part(subtitle, 'base')!.hidden).to.equal(true);
  });

  it('is labelled in zh-TW and has no description without a task label', async () => {
    const { subtitle } = await running({ locale: 'zh-TW' });
    const stop = part(subtitle, 'stop')!;
    expect(stop.textContent!.trim()).to.equal('停止');
    expect(stop.hasAttribute('aria-describedby')).to.equal(false);
  });

  it('a click stops the task once and says "Stopped." politely; the narration stays', async () => {
    const { dddk, subtitle, calls } = await running();
    dddk.subtitle.show('Opening the cart.');
    await subtitle.updateComplete;
    expect(part(subtitle, 'close-button')!.hidden).to.equal(false);
    const stop = part(subtitle, 'stop')!;
    stop.click();
    stop.click();
    await subtitle.updateComplete;
    expect(calls.stops).to.equal(1);
    expect(part(subtitle, 'stop')).to.equal(null);
    expect(part(subtitle, 'text')!.textContent).to.equal('Opening the cart.');
    expect(liveText(subtitle)).to.equal('Opening the cart. Stopped.');
  });

  it('is keyboard reachable with a visible focus ring; Enter on it stops the task and focus stays in the bar', async () => {
    const { dddk, root, subtitle, calls } = await running();
    dddk.subtitle.show('Opening the cart.');
    await subtitle.updateComplete;
    root.querySelector<HTMLInputElement>('#field')!.focus();
    await sendKeys({ press: 'Tab' });
    const stop = part(subtitle, 'stop')!;
    expect(subtitle.shadowRoot!.activeElement).to.equal(stop);
    expect(stop.matches(':focus-visible')).to.equal(true);
    const ring = getComputedStyle(stop);
    expect(ring.outlineStyle).to.equal('solid');
    expect(parseFloat(ring.outlineWidth)).to.be.greaterThan(0);
    await sendKeys({ press: 'Enter' });
    expect(calls.stops).to.equal(1);
    await subtitle.updateComplete;
    expect(subtitle.shadowRoot!.activeElement).to.equal(part(subtitle, 'close-button'));
  });

  it('has no transition with reduced motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      const { subtitle } = await running();
      expect(getComputedStyle(part(subtitle, 'stop')!).transitionDuration).to.equal('0s');
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it('stays reachable after the bar is closed or its message hides', async () => {
    const { dddk, subtitle, calls } = await running();
    dddk.subtitle.show('Checking out.');
    await subtitle.updateComplete;
    part(subtitle, 'close-button')!.click();
    await subtitle.updateComplete;
    expect(dddk.subtitle.getState().text).to.equal('');
    expect(part(subtitle, 'base')!.hidden).to.equal(false);
    part(subtitle, 'stop')!.click();
    expect(calls.stops).to.equal(1);
  });
});

describe('<dddk-subtitle> keys stop a running task', () => {
  it('Esc on the page stops it, and the bar is not merely closed', async () => {
    const { dddk, subtitle, calls } = await running();
    const closes: string[] = [];
    subtitle.addEventListener('dddk-request-close', (event) => closes.push(event.detail.source));
    dddk.subtitle.show('Opening the cart.');
    await subtitle.updateComplete;
    await sendKeys({ press: 'Escape' });
    expect(calls.stops).to.equal(1);
    expect(closes).to.deep.equal([]);
    expect(dddk.subtitle.getState().text).to.equal('Opening the cart.');
  });

  it('Esc with focus on the Stop button stops it once', async () => {
    const { subtitle, calls } = await running();
    part(subtitle, 'stop')!.focus();
    await sendKeys({ press: 'Escape' });
    await sleep(50);
    expect(calls.stops).to.equal(1);
  });

  it('a double tap of Space stops it; only the second tap is taken', async () => {
    const { calls } = await running();
    const prevented = watchSpaceDefault();
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Space' });
    await until(() => calls.stops > 0);
    await sleep(THRESHOLDS.doubleTapWindowMs + 50);
    expect(calls.stops).to.equal(1);
    expect(prevented).to.deep.equal([false, true]);
  });

  it('a single tap of Space does not stop it and keeps its default (scrolling the page)', async () => {
    const { dddk, calls } = await running();
    const prevented = watchSpaceDefault();
    await sendKeys({ press: 'Space' });
    await sleep(THRESHOLDS.doubleTapWindowMs + 100);
    await sendKeys({ press: 'Space' });
    await sleep(THRESHOLDS.doubleTapWindowMs + 100);
    expect(prevented).to.deep.equal([false, false]);
    expect(calls.stops).to.equal(0);
    expect(dddk.subtitle.getState().task).to.not.equal(undefined);
  });

  it('keys typed into a field never stop it: Space, double Space and Esc stay the field\'s', async () => {
    const { root, calls } = await running();
    const field = root.querySelector<HTMLInputElement>('#field')!;
    field.focus();
    await sendKeys({ type: 'a' });
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Space' });
    await sendKeys({ type: 'b' });
    await sendKeys({ press: 'Escape' });
    await sleep(THRESHOLDS.doubleTapWindowMs + 50);
    expect(field.value).to.equal('a  b');
    expect(calls.stops).to.equal(0);
  });

  it('a pending confirm keeps Esc: it declines the question and the task goes on', async () => {
    const { dddk, subtitle, calls } = await running();
    const answer = dddk.subtitle.ask({ kind: 'confirm', message: 'Pay now?' });
    await subtitle.updateComplete;
    await sendKeys({ press: 'Escape' });
    expect(await answer).to.deep.equal({ kind: 'confirm', accepted: false });
    expect(calls.stops).to.equal(0);
    await subtitle.updateComplete;
    expect(part(subtitle, 'stop')).to.not.equal(null);
  });
});

describe('<dddk-subtitle> with a running task passes axe-core', () => {
  // The bar fades in; without motion axe measures its final colours, not a frame of the fade.
  before(() => emulateMedia({ reducedMotion: 'reduce' }));
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('with the task alone', async () => {
    const { subtitle } = await running({ label: 'Stop the assistant' });
    await expect(subtitle).to.be.accessible();
  });

  it('while narrating', async () => {
    const { dddk, subtitle } = await running({ label: 'Stop the assistant' });
    dddk.subtitle.append('I am on the pricing page. Looking for');
    await subtitle.updateComplete;
    await expect(subtitle).to.be.accessible();
  });

  it('with a confirm pending', async () => {
    const { dddk, subtitle } = await running();
    void dddk.subtitle.ask({ kind: 'confirm', message: 'Pay now?' });
    await subtitle.updateComplete;
    await expect(subtitle).to.be.accessible();
    dddk.subtitle.cancelPrompt();
  });
});
