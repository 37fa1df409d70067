// The page write of the region editor: every payload of the corpus written as a region's new
// content must reach the page with no script, handler or script URL, and run nothing.
import { expect } from '@open-wc/testing';
import { createRegionPage } from '../../../core/page/region-page.js';
import { findUnsafeMarkup, installCanary, loadXssCorpus, settle } from './xss-harness.js';

describe('region writes into the live page', function () {
  this.timeout(240_000);

  it('every payload as a region’s content lands sanitized and runs nothing', async () => {
    const payloads = await loadXssCorpus();
    const canary = installCanary();
    const container = document.createElement('article');
    container.innerHTML = '<div data-agent-element="a"></div><p id="outside">Outside</p><div data-agent-element="b"></div>';
    document.body.append(container);
    const page = createRegionPage(() => container);
    const unsafe: string[] = [];
    let written = 0;
    try {
      for (let at = 0; at < payloads.length; at += 2) {
        const replaced = await page.writeRegions([
          { id: 'a', content: payloads[at]! },
          { id: 'b', content: payloads[at + 1] ?? '' },
        ]);
        written += replaced.length;
        await settle(5);
        unsafe.push(...findUnsafeMarkup(container));
      }
      await settle();
    } finally {
      canary.restore();
      container.remove();
    }
    expect(written).to.equal(2 * Math.ceil(payloads.length / 2));
    expect(container.querySelector('#outside')!.textContent, 'nothing outside the regions is touched').to.equal('Outside');
    expect(canary.calls, 'script ran').to.deep.equal([]);
    expect(unsafe.slice(0, 10), 'unsafe markup').to.deep.equal([]);
  });

  it('answers only the regions it found, and writes nothing for an unknown handle', async () => {
    const container = document.createElement('div');
    container.innerHTML = '<p data-agent-element="x">old</p>';
    const page = createRegionPage(() => container);
    expect(await page.writeRegions([{ id: 'x', content: '<b onclick="alert(1)">new</b>' }, { id: 'missing', content: 'y' }])).to.deep.equal(['x']);
    expect(container.innerHTML).to.equal('<p data-agent-element="x"><b>new</b></p>');
    expect(page.readHtml()).to.equal(container.innerHTML);
  });

  it('sanitizes to the very markup it paints, so the editor can store what the page shows', async () => {
    const payloads = await loadXssCorpus();
    const container = document.createElement('div');
    container.innerHTML = '<div data-agent-element="x"></div>';
    const page = createRegionPage(() => container);
    for (const payload of payloads) {
      const kept = await page.sanitize(payload);
      await page.writeRegions([{ id: 'x', content: payload }]);
      expect(container.firstElementChild!.innerHTML, payload).to.equal(kept);
      expect(await page.sanitize(kept), 'sanitizing again changes nothing').to.equal(kept);
    }
    expect(await page.sanitize('<p class=a onclick="x()">Hi<script>x()</script></p>')).to.equal('<p class="a">Hi</p>');
  });
});
