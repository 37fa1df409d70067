// The CMS draft's region editor on the demo (offline: a pick opens the region's HTML): the region
// being edited stays in view under the editor's panel, and what cannot be saved is refused with a
// plain sentence that names the problem, with no internal ids or escaped markup.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'puppeteer-core';
import { DESKTOP, openDemoPage, PHONE, WAIT, demoInChromium } from './demo-page.js';

const REGIONS = ['hero-title', 'hero-lede', 'feature-list', 'pricing-blurb', 'faq-question', 'faq-answer', 'testimonial-quote', 'launch-footnote'];

async function openRegion(page: Page, region: string) {
  await page.waitForFunction(() => document.querySelector('dddk-region-editor')?.shadowRoot?.querySelector('[role="option"]'), WAIT);
  await page.evaluate((id) => document.querySelector('dddk-region-editor')!.shadowRoot!.querySelector<HTMLElement>(`[role="option"][data-region="${id}"]`)!.click(), region);
  await page.waitForFunction((id) => {
    const root = document.querySelector('dddk-region-editor')?.shadowRoot;
    return root?.querySelector('#source') && root.querySelector('[aria-selected="true"]')?.getAttribute('data-region') === id;
  }, WAIT, region);
}

/** Where the region is, against the viewport and the editor's panel. */
function placement(page: Page, region: string) {
  return page.evaluate((id) => {
    const box = document.querySelector(`[data-agent-element="${id}"]`)!.getBoundingClientRect();
    const panel = document.querySelector('dddk-region-editor')!.shadowRoot!.querySelector('.panel')!.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, panelBottom: panel.bottom, viewport: innerHeight };
  }, region);
}

async function save(page: Page, content: string): Promise<string> {
  await page.evaluate((text) => {
    const root = document.querySelector('dddk-region-editor')!.shadowRoot!;
    const source = root.querySelector<HTMLTextAreaElement>('#source')!;
    source.value = text;
    source.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    root.querySelector<HTMLButtonElement>('[part~="save-button"]')!.click();
  }, content);
  await page.waitForFunction(() => (document.querySelector('dddk-region-editor')?.shadowRoot?.querySelector('[part~="alert"]')?.textContent ?? '') !== '', WAIT);
  return page.evaluate(() => document.querySelector('dddk-region-editor')!.shadowRoot!.querySelector('[part~="alert"]')!.textContent!);
}

describe('region editing on the demo', { timeout: 120_000 }, () => {
  const suite = demoInChromium();

  for (const [name, viewport] of [['a desktop', DESKTOP], ['a 390 px phone', PHONE]] as const) {
    it(`keeps the region being edited in view, under the panel, on ${name}`, async () => {
      const { page, errors } = await openDemoPage(suite.browser, `${suite.demo.url}cms`, { viewport });
      try {
        const misplaced: string[] = [];
        for (const region of REGIONS) {
          await openRegion(page, region);
          const seen = await placement(page, region);
          if (seen.top < seen.panelBottom || seen.top < 0 || seen.bottom > seen.viewport) misplaced.push(`${region}: ${JSON.stringify(seen)}`);
        }
        assert.deepEqual(misplaced, []);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });
  }

  it('refuses an empty title and bare list items, saying what is wrong in plain words', async () => {
    const { page, errors } = await openDemoPage(suite.browser, `${suite.demo.url}cms`);
    try {
      const before = await page.$eval('[data-agent-element="hero-title"]', (title) => title.textContent);
      await openRegion(page, 'hero-title');
      const empty = await save(page, '   ');
      assert.equal(empty, 'Not saved: a heading would be left empty. Give the heading its text.');
      assert.equal(await page.$eval('[data-agent-element="hero-title"]', (title) => title.textContent), before, 'the page keeps its title');

      await openRegion(page, 'feature-list');
      const bare = await save(page, '<li>Recurring tasks</li>\n<li>Calendar view</li>');
      assert.equal(bare, 'Not saved: list items would stand outside a list. Put the <li> items inside a <ul> or an <ol>.');
      assert.equal(await page.$$eval('[data-agent-element="feature-list"] ul > li', (items) => items.length), 3);

      // The other refusals read as plainly: no region handle, no element id, no JSON escapes.
      const messages = [empty, bare];
      await openRegion(page, 'faq-answer');
      messages.push(await save(page, '<p>Yes.<script>alert(1)</script></p>'));
      await openRegion(page, 'pricing-blurb');
      messages.push(await save(page, '<p>Open <div>'));
      for (const message of messages) {
        assert.match(message, /^Not saved: [a-z][^"\\]*\.$/, message);
        for (const handle of REGIONS) assert.ok(!message.includes(handle), `${message} names ${handle}`);
        assert.doesNotMatch(message, /dddk-|\\n|\\"/);
      }
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
