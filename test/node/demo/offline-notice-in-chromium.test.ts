// The kit's offline notice on the demo (no LLM endpoint): shown once per visitor session under the
// header, in the page's flow, so that it covers none of the page's controls nor the region editor's
// error, on a desktop and on a 390 px phone; Esc closes it; without storage it still shows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';
import { axeViolations, DEMO_PAGES, DESKTOP, openDemoPage, PHONE, WAIT, demoInChromium } from './demo-page.js';
import { startTestServer } from './demo-server-fixtures.js';

const DIST_DIR = fileURLToPath(new URL('../../../dist', import.meta.url));

function noticeShown(page: Page) {
  return page.waitForFunction(() => document.querySelector('dddk-offline-notice')?.shadowRoot?.querySelector('[part~="dismiss-button"]') != null, WAIT);
}

/** Waits for the notice and rests the pointer on it, which keeps it up however slow the checks are. */
async function holdNotice(page: Page) {
  await noticeShown(page);
  await page.hover('dddk-offline-notice');
}

function noticeText(page: Page) {
  return page.evaluate(() => document.querySelector('dddk-offline-notice')?.shadowRoot?.querySelector('[part~="text"]')?.textContent ?? '');
}

/** The notice's box, and every box it overlaps among the page's controls and the region editor's error. */
function overlaps(page: Page) {
  return page.evaluate(() => {
    const notice = document.querySelector('dddk-offline-notice')!.shadowRoot!.querySelector('[part~="base"]')!.getBoundingClientRect();
    const interactive = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [role="option"], [role="listbox"]';
    const main = document.querySelector('main')!;
    const candidates: Array<{ what: string; element: Element }> = [...main.querySelectorAll(interactive)].map((element) => ({ what: element.outerHTML.slice(0, 80), element }));
    const editor = document.querySelector('dddk-region-editor')?.shadowRoot;
    for (const element of editor?.querySelectorAll(interactive) ?? []) candidates.push({ what: `region editor ${element.outerHTML.slice(0, 60)}`, element });
    const error = editor?.querySelector('[part~="alert"]');
    if (error?.textContent) candidates.push({ what: 'the region editor’s error', element: error });
    const hit = candidates.filter(({ element }) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      return box.left < notice.right && notice.left < box.right && box.top < notice.bottom && notice.top < box.bottom;
    });
    return { notice: { top: notice.top, bottom: notice.bottom, height: notice.height }, checked: candidates.length, errorShown: Boolean(error?.textContent), hit: hit.map(({ what }) => what) };
  });
}

/** Opens a region's HTML in the CMS page's editor (offline, a pick opens the source) and saves `content`. */
async function saveRegion(page: Page, region: string, content: string) {
  await page.waitForFunction(() => document.querySelector('dddk-region-editor')?.shadowRoot?.querySelector('[role="option"]'), WAIT);
  await page.evaluate((id) => document.querySelector('dddk-region-editor')!.shadowRoot!.querySelector<HTMLElement>(`[role="option"][data-region="${id}"]`)!.click(), region);
  await page.waitForFunction(() => document.querySelector('dddk-region-editor')?.shadowRoot?.querySelector('#source'), WAIT);
  await page.evaluate((text) => {
    const source = document.querySelector('dddk-region-editor')!.shadowRoot!.querySelector<HTMLTextAreaElement>('#source')!;
    source.value = text;
    source.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    document.querySelector('dddk-region-editor')!.shadowRoot!.querySelector<HTMLButtonElement>('[part~="save-button"]')!.click();
  }, content);
  await page.waitForFunction(() => (document.querySelector('dddk-region-editor')?.shadowRoot?.querySelector('[part~="alert"]')?.textContent ?? '') !== '', WAIT);
}

describe('the offline notice on the demo', { timeout: 120_000 }, () => {
  const suite = demoInChromium();

  for (const [name, viewport] of [['a desktop', DESKTOP], ['a 390 px phone', PHONE]] as const) {
    it(`covers none of the page's controls, nor the region editor's error, on ${name}`, async () => {
      for (const path of DEMO_PAGES) {
        // A new tab is a new visitor session, so the notice shows on its first page.
        const { page, errors } = await openDemoPage(suite.browser, new URL(path, suite.demo.url).href, { viewport });
        try {
          await holdNotice(page);
          const seen = await overlaps(page);
          assert.ok(seen.checked > 0 && seen.notice.height > 0, `${path}: nothing was measured`);
          assert.deepEqual(seen.hit, [], `${path}: the notice covers these`);
          if (path === '/cms') {
            await saveRegion(page, 'faq-answer', '<p>Safe <script>alert(1)</script></p>');
            const withError = await overlaps(page);
            assert.equal(withError.errorShown, true);
            assert.deepEqual(withError.hit, [], `${path} with the region editor's error: the notice covers these`);
          }
          assert.deepEqual(errors, []);
        } finally {
          await page.close();
        }
      }
    });
  }

  it('shows once per session, is read politely, passes axe while shown, and Esc closes it', async () => {
    const { page, errors } = await openDemoPage(suite.browser, suite.demo.url);
    try {
      await holdNotice(page);
      assert.match(await noticeText(page), /^Offline mode: /);
      assert.equal(await page.evaluate(() => document.querySelector('dddk-offline-notice')!.shadowRoot!.querySelector('[part~="text"]')!.getAttribute('role')), 'status');
      for (const theme of ['light', 'dark']) {
        await page.evaluate((value) => document.documentElement.setAttribute('data-dddk-theme', value), theme);
        assert.deepEqual(await axeViolations(page, { exclude: [['dddk-subtitle']] }), [], `the page with the notice shown (${theme})`);
      }
      assert.match(await noticeText(page), /^Offline mode: /, 'still shown while the pointer is on it');
      // The subtitle bar no longer carries it.
      assert.equal(await page.evaluate(() => document.querySelector('dddk-subtitle')?.shadowRoot?.querySelector('[part~="text"]')?.textContent?.trim() ?? ''), '');

      await page.reload({ waitUntil: 'networkidle0' });
      await page.waitForFunction(() => document.documentElement.dataset.copilot === 'ready', WAIT);
      assert.equal(await noticeText(page), '', 'the same session does not see it twice');
      assert.equal(await page.$eval('dddk-offline-notice', (element) => element.getBoundingClientRect().height), 0);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }

    const second = await openDemoPage(suite.browser, suite.demo.url);
    try {
      await noticeShown(second.page);
      await second.page.keyboard.press('Escape');
      await second.page.waitForFunction(() => document.querySelector('dddk-offline-notice')?.shadowRoot?.querySelector('[part~="dismiss-button"]') == null, WAIT);
      assert.equal(await second.page.evaluate(() => sessionStorage.getItem('dddk.offline-notice')), 'dismissed');
    } finally {
      await second.page.close();
    }
  });

  it('still shows, once per page, where sessionStorage is blocked', async () => {
    const { page, errors } = await openDemoPage(suite.browser, suite.demo.url, {
      beforeLoad: () => {
        Object.defineProperty(window, 'sessionStorage', {
          get() {
            throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
          },
        });
      },
    });
    try {
      await noticeShown(page);
      await page.reload({ waitUntil: 'networkidle0' });
      await noticeShown(page);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  it('stays away when the demo runs online', async () => {
    const online = await startTestServer({ distDir: DIST_DIR, env: { DDDK_LLM_BASE_URL: 'http://127.0.0.1:9/v1', DDDK_LLM_MODEL: 'stub' } });
    const { page, requests } = await openDemoPage(suite.browser, online.url);
    try {
      await page.waitForFunction(() => document.documentElement.dataset.llm === 'online', WAIT);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(await noticeText(page), '');
      assert.deepEqual(requests.filter((url) => /offline-notice-ui/.test(url)), [], 'the notice’s code is not even fetched');
      assert.equal(await page.evaluate(() => sessionStorage.getItem('dddk.offline-notice')), null);
    } finally {
      await page.close();
      await online.close();
    }
  });
});
