// The interop pages of the demo in real Chromium, served by the demo server against a drop-in and
// framework bundles built for the test into a temporary dist/: the same items and behaviour from
// React 19, Vue 3, plain HTML and the JSON-configured CMS theme page.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'puppeteer-core';
import { startDemoServer, type DemoServer } from '../../../demo/server.mjs';
import { launchChromium } from '../../support/chromium.js';
import { axeViolations } from '../demo/demo-page.js';
// @ts-expect-error: a plain .mjs script without type declarations
import { buildInteropDemo } from '../../../scripts/build-interop-demo.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const WAIT = { timeout: 10_000 };

async function buildKit(dist: string): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: { 'dddk.min': 'drop-in.ts' },
    outdir: dist,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    tsconfig: 'tsconfig.json',
    logLevel: 'error',
  });
  await build({ absWorkingDir: root, entryPoints: ['theme/dddk.css'], outfile: join(dist, 'theme.css'), bundle: true, logLevel: 'error' });
  await buildInteropDemo({ outdir: join(dist, 'interop') });
}

async function pressCtrlK(page: Page) {
  await page.keyboard.down('Control');
  await page.keyboard.press('k');
  await page.keyboard.up('Control');
}

function listed(page: Page) {
  return page.evaluate(() =>
    [...(document.querySelector('dddk-palette')?.shadowRoot?.querySelectorAll('[role="option"]') ?? [])].map(
      (option) => option.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    ),
  );
}

async function waitFor<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 8_000;
  let value = await read();
  while (!accept(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after 8 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe('demo/interop pages in Chromium', { timeout: 120_000 }, () => {
  let dist: string;
  let server: DemoServer;
  let browser: Browser;

  before(async () => {
    dist = mkdtempSync(join(tmpdir(), 'dddk-interop-dist-'));
    await buildKit(dist);
    server = await startDemoServer({ port: 0, distDir: dist, env: {} });
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  async function open(path: string) {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(new URL(path, server.url).href, { waitUntil: 'networkidle0', ...WAIT });
    await page.waitForFunction(() => customElements.get('dddk-palette') !== undefined, WAIT);
    return { page, errors };
  }

  for (const [framework, path, pricing, question, askPrefix] of [
    ['React 19', '/interop/react.html', 'Pricing', 'zzqx how do reminders work', 'Ask the agent'],
    ['Vue 3', '/interop/vue.html', 'Pricing', 'zzqx how do reminders work', 'Ask the agent'],
    ['plain HTML', '/interop/plain.html', 'Pricing', 'zzqx how do reminders work', 'Ask the agent'],
    ['the CMS theme (JSON config only)', '/interop/cms-theme.html', '方案與價格', '每週摘要是什麼', '詢問助理'],
  ] as const) {
    it(`${framework}: Ctrl+K opens the palette, typing filters the items, Enter asks the offline guide`, async () => {
      const { page, errors } = await open(path);
      try {
        if (path.includes('cms-theme')) {
          // The tag alone says, in the page's language, that the agent runs offline.
          await page.waitForFunction(() => /^離線模式：/.test(document.querySelector('dddk-offline-notice')?.shadowRoot?.querySelector('[part~="text"]')?.textContent ?? ''), WAIT);
        }
        await pressCtrlK(page);
        await page.waitForFunction(() => document.querySelector('dddk-palette')?.shadowRoot?.querySelector('dialog')?.open === true, WAIT);
        // What the React page tells its visitors to type; the item says "Pricing".
        await page.keyboard.type('price');
        const options = await waitFor(() => listed(page), (names) => names.some((name) => name.startsWith(pricing)), `the options for "price" on ${path}`);
        assert.ok(!options.some((name) => /^(Contact sales|聯絡業務)/.test(name)), `"price" should not list the contact item: ${JSON.stringify(options)}`);
        assert.ok(options.some((name) => name.startsWith(askPrefix)), 'the free-text row is offered too');

        for (let i = 0; i < 'price'.length; i += 1) await page.keyboard.press('Backspace');
        await page.keyboard.type(question);
        await page.keyboard.press('Enter');
        const subtitle = await waitFor(
          () => page.evaluate(() => document.querySelector('dddk-subtitle')?.shadowRoot?.querySelector('[part~="text"]')?.textContent?.trim() ?? ''),
          (text) => /Offline guide|離線導覽/.test(text),
          `the subtitle on ${path}`,
        );
        assert.match(subtitle, /Offline guide|離線導覽/);

        if (!path.includes('cms-theme')) {
          const log = await page.evaluate(() => [...document.querySelectorAll('#event-log li')].map((entry) => entry.textContent));
          assert.ok(log.includes(`dddk-submit: ${question}`), `the page heard dddk-submit: ${JSON.stringify(log)}`);
          assert.ok(log.includes('dddk-open'), `the page heard dddk-open: ${JSON.stringify(log)}`);
        }
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });
  }

  it('every interop page passes axe-core in light and dark, by preference or by data-dddk-theme', async () => {
    for (const path of ['/interop/index.html', '/interop/react.html', '/interop/vue.html', '/interop/plain.html', '/interop/cms-theme.html']) {
      const { page, errors } = await open(path);
      try {
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
          for (const forced of [undefined, scheme]) {
            await page.evaluate((value) => {
              if (value) document.documentElement.setAttribute('data-dddk-theme', value);
              else document.documentElement.removeAttribute('data-dddk-theme');
            }, forced ?? null);
            assert.deepEqual(await axeViolations(page, { exclude: [['dddk-subtitle']] }), [], `${path}, ${scheme}${forced ? ' (data-dddk-theme)' : ' (preference)'}`);
          }
        }
        assert.deepEqual(errors, [], `${path} logged errors (a page config the drop-in refused says so here)`);
      } finally {
        await page.close();
      }
    }
  });

  it('React 19 and Vue 3: "Add more items" re-renders the palette with the new item', async () => {
    for (const path of ['/interop/react.html', '/interop/vue.html']) {
      const { page } = await open(path);
      try {
        await page.click('button[aria-pressed]');
        await pressCtrlK(page);
        await page.keyboard.type('orchard 2.0');
        await waitFor(() => listed(page), (names) => names.some((name) => name.startsWith('What is new in Orchard 2.0')), `the added item on ${path}`);
      } finally {
        await page.close();
      }
    }
  });
});
