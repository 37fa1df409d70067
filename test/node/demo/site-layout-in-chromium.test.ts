// The demo's layout on a desktop and on a 390 px phone: no page scrolls sideways.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'puppeteer-core';
import type { DemoServer } from '../../../demo/server.mjs';
import { launchChromium } from '../../support/chromium.js';
import { DEMO_PAGES, openDemoPage, PHONE, routeTo } from './demo-page.js';
import { startTestServer } from './demo-server-fixtures.js';

const DIST_DIR = fileURLToPath(new URL('../../../dist', import.meta.url));

describe('demo layout in Chromium', { timeout: 60_000 }, () => {
  let browser: Browser;
  let demo: DemoServer;
  before(async () => {
    assert.ok(existsSync(`${DIST_DIR}/dddk.min.js`), 'dist/dddk.min.js is missing: run `npm run build` before these tests');
    browser = await launchChromium();
    demo = await startTestServer({ distDir: DIST_DIR });
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });

  it('scrolls no page sideways at 390 px wide, in either theme', async () => {
    const { page, errors } = await openDemoPage(browser, demo.url, { viewport: PHONE });
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
