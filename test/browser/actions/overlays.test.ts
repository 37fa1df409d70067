import { expect } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import { border as borderAction, highlight as highlightAction, spotlight as spotlightAction, scrollTo as scrollToAction } from '../../../core/page/actions/index.js';
import { createAgentCursor } from '../../../core/page/cursor/index.js';
import {
  border,
  clearOverlays,
  getOverlayLayer,
  highlight,
  inject,
  listOverlays,
  OVERLAY_LAYER_TAG,
  prefersReducedMotion,
  removeOverlay,
  spotlight,
} from '../../../core/page/overlays/index.js';
import { $, context, deliverRenderingEvents, eventually, expectFailure, expectOk, mount, run, unmount } from './support.js';

function overlayBox(id: string): DOMRect {
  const el = getOverlayLayer().root.querySelector<HTMLElement>(`[data-overlay-id="${id}"]`);
  if (!el) throw new Error(`no overlay element for ${id}`);
  return el.getBoundingClientRect();
}

describe('overlays', () => {
  afterEach(() => {
    clearOverlays();
    unmount();
    window.scrollTo(0, 0);
  });

  it('live in one inert, hidden-from-everyone shadow layer', () => {
    mount('<p id="p">Text</p>');
    highlight($('#p'));
    border($('#p'));
    const hosts = document.querySelectorAll(OVERLAY_LAYER_TAG);
    expect(hosts).to.have.length(1);
    const host = hosts[0] as HTMLElement;
    expect(host.shadowRoot).to.not.equal(null);
    expect(host.hasAttribute('data-dddk-skip')).to.equal(true);
    expect(host.getAttribute('data-html2canvas-ignore')).to.equal('true');
    expect(host.getAttribute('aria-hidden')).to.equal('true');
    expect(getComputedStyle(host).pointerEvents).to.equal('none');
    expect(document.elementFromPoint(5, 5)?.closest(OVERLAY_LAYER_TAG)).to.equal(null);
  });

  it('list, remove and clear overlays of every type, with labels as text', () => {
    mount('<p id="p">Text</p>');
    const a = highlight($('#p'), { color: 'rgb(0, 255, 0)', label: '<b>Look</b>' });
    const b = border($('#p'), { color: 'not a colour' });
    const c = spotlight($('#p'));
    const d = inject($('#p'), 'Fill this in', { position: 'before' });
    expect(listOverlays().map((o) => o.type)).to.deep.equal(['highlight', 'border', 'spotlight', 'inject']);
    const label = getOverlayLayer().root.querySelector(`[data-overlay-id="${a}"] .label`)!;
    expect(label.textContent).to.equal('<b>Look</b>');
    expect(label.querySelector('b')).to.equal(null);
    expect(getComputedStyle(getOverlayLayer().root.querySelector(`[data-overlay-id="${b}"]`)!).borderTopColor).to.equal('rgb(37, 99, 235)');
    expect(removeOverlay(c)).to.equal(true);
    expect(removeOverlay(c)).to.equal(false);
    expect(listOverlays().map((o) => o.id)).to.deep.equal([a, b, d]);
    clearOverlays();
    expect(listOverlays()).to.deep.equal([]);
    expect(getOverlayLayer().root.querySelectorAll('.overlay')).to.have.length(0);
  });

  it('place an injected label above or below its target', () => {
    mount('<p id="p" style="margin-top:200px">Target</p>');
    const target = $('#p').getBoundingClientRect();
    const before = overlayBox(inject($('#p'), 'Above', { position: 'before' }));
    const after = overlayBox(inject($('#p'), 'Below'));
    expect(before.bottom).to.be.at.most(target.top);
    expect(after.top).to.be.at.least(target.bottom);
  });

  it('follow the target when the page scrolls', async () => {
    mount('<div style="height:2000px"><p id="p" style="margin-top:300px;width:100px">Target</p></div>');
    const id = border($('#p'));
    window.scrollTo(0, 150);
    deliverRenderingEvents('scroll');
    await eventually(() => expect(overlayBox(id).top).to.be.closeTo($('#p').getBoundingClientRect().top - 4, 1));
    expect($('#p').getBoundingClientRect().top).to.be.closeTo(150, 20);
  });

  it('follow the target when it resizes, when the DOM shifts it, and when the window resizes', async () => {
    mount('<div id="before"></div><div id="box" style="width:100px;height:40px;margin:auto">Box</div>');
    const id = highlight($('#box'));
    $('#box').style.width = '260px';
    await eventually(() => expect(overlayBox(id).width).to.be.closeTo(260, 1));
    $('#before').innerHTML = '<div style="height:120px"></div>';
    await eventually(() => expect(overlayBox(id).top).to.be.closeTo($('#box').getBoundingClientRect().top, 1));
    const leftBefore = $('#box').getBoundingClientRect().left;
    await setViewport({ width: 600, height: 500 });
    try {
      deliverRenderingEvents('resize');
      expect($('#box').getBoundingClientRect().left).to.be.below(leftBefore);
      await eventually(() => expect(overlayBox(id).left).to.be.closeTo($('#box').getBoundingClientRect().left, 1));
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('disappear when their target leaves the page', async () => {
    mount('<p id="p">Gone soon</p><p id="q">Stays</p>');
    border($('#p'));
    const kept = border($('#q'));
    $('#p').remove();
    await eventually(() => expect(listOverlays().map((o) => o.id)).to.deep.equal([kept]));
  });

  it('are cleared on popstate and on pagehide', () => {
    mount('<p id="p">Text</p>');
    border($('#p'));
    dispatchEvent(new PopStateEvent('popstate'));
    expect(listOverlays()).to.have.length(0);
    border($('#p'));
    dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(listOverlays()).to.have.length(0);
  });

  it('come back if the page removes the layer', () => {
    mount('<p id="p">Text</p>');
    border($('#p'));
    getOverlayLayer().host.remove();
    const id = border($('#p'));
    expect(getOverlayLayer().host.isConnected).to.equal(true);
    expect(getOverlayLayer().root.querySelector(`[data-overlay-id="${id}"]`)).to.not.equal(null);
  });

  describe('as actions', () => {
    it('border, highlight and spotlight return overlay ids; a new spotlight replaces the old one', async () => {
      mount('<p id="p">One</p><p id="q">Two</p><p id="hidden" hidden>No</p>');
      const framed = expectOk(await run(borderAction, { target: '#p', label: 'Here' }));
      expect(listOverlays()[0]).to.deep.include({ id: (framed.data as { overlayId: string }).overlayId, type: 'border', label: 'Here' });
      expectOk(await run(highlightAction, { target: '#q' }));
      expectOk(await run(spotlightAction, { target: '#p' }));
      expectOk(await run(spotlightAction, { target: '#q' }));
      const spots = listOverlays().filter((o) => o.type === 'spotlight');
      expect(spots).to.have.length(1);
      expect(spots[0]!.target).to.equal($('#q'));
      expectFailure(await run(borderAction, { target: '#hidden' }), 'not_visible');
      expectFailure(await run(borderAction, { target: '#missing' }), 'not_found');
    });
  });
});

describe('motion', () => {
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    clearOverlays();
    unmount();
    window.scrollTo(0, 0);
  });

  it('reads prefers-reduced-motion, unless overridden', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(prefersReducedMotion()).to.equal(true);
    expect(prefersReducedMotion(false)).to.equal(false);
    await emulateMedia({ reducedMotion: 'no-preference' });
    expect(prefersReducedMotion()).to.equal(false);
  });

  it('the cursor glides to its target, and jumps there under reduced motion', async () => {
    mount('<button id="b" style="position:absolute;left:300px;top:200px;width:100px;height:40px">B</button>');
    const cursor = createAgentCursor({ travelMs: 80, pauseMs: 0 });
    try {
      await cursor.moveTo($('#b'));
      const el = cursor.element!;
      expect(el.style.transition).to.contain('transform');
      expect(el.style.transform).to.equal('translate(347px, 218px)');
      expect(el.getRootNode()).to.equal(getOverlayLayer().root);

      await emulateMedia({ reducedMotion: 'reduce' });
      $('#b').style.left = '100px';
      await cursor.moveTo($('#b'));
      expect(el.style.transition).to.equal('none');
      expect(el.style.transform).to.equal('translate(147px, 218px)');
    } finally {
      cursor.destroy();
    }
    expect(cursor.element).to.equal(undefined);
  });

  it('scroll_to scrolls smoothly, but instantly under reduced motion', async () => {
    mount('<div style="height:4000px"></div><p id="end">End</p>');
    const behaviors: (ScrollBehavior | undefined)[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      behaviors.push(typeof options === 'object' ? options.behavior : undefined);
      original.call(this, options);
    };
    try {
      await scrollToAction.run({ target: '#end' }, context({ reducedMotion: undefined }));
      await emulateMedia({ reducedMotion: 'reduce' });
      await scrollToAction.run({ target: '#end' }, context({ reducedMotion: undefined }));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
    expect(behaviors).to.deep.equal(['smooth', 'instant']);
    const rect = $('#end').getBoundingClientRect();
    expect(rect.top).to.be.within(0, innerHeight);
  });

  it('scroll_to moves the page or a container by direction and reports the edge', async () => {
    mount('<div style="height:3000px">tall</div><div id="box" style="height:100px;overflow:auto"><div style="height:1000px"></div></div>');
    const down = expectOk(await run(scrollToAction, { direction: 'down', amount: 500 }));
    expect(scrollY).to.equal(500);
    expect(down.data).to.deep.include({ scrollTop: 500 });
    const bottom = expectOk(await run(scrollToAction, { direction: 'bottom', target: '#box' }));
    expect($('#box').scrollTop).to.equal(900);
    expect(bottom.message).to.contain('at the bottom');
    expectFailure(await run(scrollToAction, { direction: 'right', target: '#box' }), 'not_interactive');
    expectFailure(await run(scrollToAction, {}), 'invalid_arguments');
  });
});
