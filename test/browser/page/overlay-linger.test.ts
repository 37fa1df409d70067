import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { lingerOverlays } from '../../../core/page/overlays/overlay-linger.js';
import { border, clearOverlays, highlight, listOverlays } from '../../../core/page/overlays/overlays.js';
import { eventually } from '../../support/eventually.js';

describe('overlays that linger after a run', () => {
  let stage: HTMLElement;
  beforeEach(() => {
    stage = document.createElement('main');
    stage.innerHTML = '<p id="answer">Grove costs $8.</p><input id="field" aria-label="Field"><div style="height: 6000px"></div><p id="far">Far below</p>';
    document.body.append(stage);
    scrollTo(0, 0);
  });
  afterEach(() => {
    clearOverlays();
    stage.remove();
    scrollTo(0, 0);
  });

  const answer = () => document.getElementById('answer')!;

  it('stay until the time is up, then go', async () => {
    highlight(answer());
    lingerOverlays(300);
    expect(listOverlays().map((item) => item.type)).to.deep.equal(['highlight']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listOverlays(), 'still there before the time is up').to.have.length(1);
    await eventually(() => expect(listOverlays()).to.have.length(0), 3_000);
  });

  for (const [what, move] of [
    ['a key (typing)', () => sendKeys({ press: 'a' })],
    ['Esc', () => sendKeys({ press: 'Escape' })],
    ['a click', () => sendMouse({ type: 'click', position: [5, 5] })],
  ] as const) {
    it(`go as soon as the visitor moves on: ${what}`, async () => {
      highlight(answer());
      border(answer());
      lingerOverlays(60_000);
      await move();
      await eventually(() => expect(listOverlays()).to.have.length(0));
    });
  }

  it('go when the visitor scrolls them far out of view, not for a small scroll', async () => {
    highlight(answer());
    lingerOverlays(60_000);
    scrollBy(0, 40);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listOverlays(), 'a small scroll keeps them').to.have.length(1);
    document.getElementById('far')!.scrollIntoView();
    await eventually(() => expect(listOverlays()).to.have.length(0));
  });

  it('an event the page made up (not the visitor) changes nothing; 0 ms clears at once', async () => {
    highlight(answer());
    lingerOverlays(60_000);
    dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    dispatchEvent(new PointerEvent('pointerdown'));
    expect(listOverlays()).to.have.length(1);
    lingerOverlays(0);
    expect(listOverlays()).to.have.length(0);
  });

  it('only the overlays of the ended run are concerned: one drawn afterwards stays', async () => {
    highlight(answer());
    lingerOverlays(60_000);
    const later = border(document.getElementById('field')!);
    await sendKeys({ press: 'Escape' });
    await eventually(() => expect(listOverlays().map((item) => item.id)).to.deep.equal([later]));
  });
});
