// The demo's layout on a desktop and on a 390 px phone: no page scrolls sideways.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_PAGES, openDemoPage, PHONE, routeTo, demoInChromium } from './demo-page.js';


describe('demo layout in Chromium', { timeout: 60_000 }, () => {
  const suite = demoInChromium();

  it('scrolls no page sideways at 390 px wide, in either theme', async () => {
    const { page, errors } = await openDemoPage(suite.browser, suite.demo.url, { viewport: PHONE });
    try {
      const wide: string[] = [];
      for (const path of DEMO_PAGES) {
        await routeTo(page, path);
        for (const theme of ['light', 'dark']) {
          await page.evaluate((value) => document.documentElement.setAttribute('data-dddk-theme', value), theme);
          const { scrollWidth, viewport } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, viewport: innerWidth }));
          if (scrollWidth > viewport) wide.push(`${path} (${theme}): ${scrollWidth} px wide in a ${viewport} px viewport`);
        }
      }
      assert.deepEqual(wide, []);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
