// The demo site in real Chromium, against the built kit: routing, focus, theme, forms, the CMS
// regions, accessibility, and the agent driven from the palette: offline (the guide, no network
// beyond the demo server) and online (streaming through the proxy from a stub upstream).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import type { DemoServer } from '../../../demo/server.mjs';
import { launchChromium } from '../../support/chromium.js';
import { axeViolations, DEMO_PAGES, openDemoPage, routeTo, WAIT } from './demo-page.js';
import { closedPort, startStubUpstream, startTestServer, type StubUpstream } from './demo-server-fixtures.js';

const DIST_DIR = fileURLToPath(new URL('../../../dist', import.meta.url));

/** The text `<dddk-subtitle>` paints, and whether its model is still streaming. */
function readSubtitle(page: Page) {
  return page.evaluate(() => {
    const element = document.querySelector('dddk-subtitle');
    return {
      text: element?.shadowRoot?.querySelector('[part="text"]')?.textContent?.trim() ?? '',
      streaming: element?.shadowRoot?.querySelector('[part="cursor"]') != null,
    };
  });
}

/** Polls the painted subtitle until `expected` matches; on timeout, the error shows what was painted. */
async function waitForSubtitle(page: Page, expected: RegExp, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let last = await readSubtitle(page);
  while (!expected.test(last.text)) {
    if (Date.now() > deadline) {
      throw new Error(`the subtitle never matched ${expected} within ${timeoutMs} ms; it reads ${JSON.stringify(last)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await readSubtitle(page);
  }
  return last;
}

const openPage = (browser: Browser, url: string) => openDemoPage(browser, url);

/** Where the page is, what the subtitle says and how many overlays the agent painted. */
function readAgentOutcome(page: Page) {
  return page.evaluate(() => ({
    path: location.pathname,
    onPricing: location.pathname === '/pricing' && document.querySelector('main h1')?.textContent === 'Pricing',
    subtitle: document.querySelector('dddk-subtitle')?.shadowRoot?.querySelector('[part="text"]')?.textContent?.trim() ?? '',
    overlays: document.querySelector('dddk-overlay-layer')?.shadowRoot?.querySelectorAll('.overlay').length ?? 0,
  }));
}

/** Ctrl+K, the palette's shortcut (puppeteer's `press` takes no combinations). */
async function pressCtrlK(page: Page) {
  await page.keyboard.down('Control');
  await page.keyboard.press('k');
  await page.keyboard.up('Control');
}

function paletteIsOpen(page: Page) {
  return page.evaluate(() => document.querySelector('dddk-palette')?.shadowRoot?.querySelector('dialog')?.open === true);
}

/** Opens the palette with Ctrl+K once the kit has connected, types `task` and presses Enter. */
async function askThroughPalette(page: Page, task: string) {
  await page.waitForFunction(() => document.documentElement.dataset.copilot === 'ready', WAIT);
  await pressCtrlK(page);
  await page.waitForFunction(
    () => document.querySelector('dddk-palette')?.shadowRoot?.activeElement?.getAttribute('role') === 'combobox',
    WAIT,
  );
  await page.keyboard.type(task);
  await page.keyboard.press('Enter');
}

/** Opens the palette with Ctrl+K, types a `/command`, waits for its row to be the active one, and presses Enter. */
async function runCommand(page: Page, command: string) {
  await page.waitForFunction(() => document.documentElement.dataset.copilot === 'ready', WAIT);
  await pressCtrlK(page);
  await page.waitForFunction(() => document.querySelector('dddk-palette')?.shadowRoot?.activeElement?.getAttribute('role') === 'combobox', WAIT);
  await page.keyboard.type(command);
  await page.waitForFunction(
    (typed) => document.querySelector('dddk-palette')?.shadowRoot?.querySelector('[role="option"][aria-selected="true"]')?.textContent?.includes(typed) === true,
    WAIT,
    command,
  );
  await page.keyboard.press('Enter');
}

describe('demo site in Chromium', { timeout: 90_000 }, () => {
  let browser: Browser;
  before(async () => {
    assert.ok(existsSync(`${DIST_DIR}/dddk.min.js`), 'dist/dddk.min.js is missing: run `npm run build` before these tests');
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  describe('offline (no LLM endpoint)', () => {
    let demo: DemoServer;
    before(async () => {
      demo = await startTestServer({ distDir: DIST_DIR });
    });
    after(async () => {
      await demo?.close();
    });

    it('says under the header that the agent runs offline, and shows how to ask it', async () => {
      const { page, errors } = await openPage(browser, demo.url);
      try {
        await page.waitForFunction(() => document.documentElement.dataset.llm === 'offline', WAIT);
        await page.waitForFunction(
          () => /^Offline mode: /.test(document.querySelector('dddk-offline-notice')?.shadowRoot?.querySelector('[part~="text"]')?.textContent ?? ''),
          WAIT,
        );
        assert.equal((await readSubtitle(page)).text, '', 'the subtitle bar is left for the agent');
        assert.equal(await page.$eval('.ask__hint', (hint) => hint.textContent), "Press Ctrl+K (⌘K) and ask, e.g. 'pricing'.");
        assert.equal(await page.$eval('[data-open-palette]', (button) => getComputedStyle(button).display === 'none'), false);
        const offlineNote = await page.$eval('.ask__offline', (note) => ({ text: note.textContent ?? '', shown: getComputedStyle(note).display !== 'none' }));
        assert.equal(offlineNote.shown, true);
        assert.match(offlineNote.text, /from this page and the site map/);
        assert.match(offlineNote.text, /DDDK_LLM_BASE_URL/);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

    it('opens the palette from the home page button and gives focus back on Escape', async () => {
      const { page, errors } = await openPage(browser, demo.url);
      try {
        await page.waitForFunction(() => document.documentElement.dataset.copilot === 'ready', WAIT);
        await page.focus('[data-open-palette]');
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => document.querySelector('dddk-palette')?.shadowRoot?.querySelector('dialog')?.open === true, WAIT);
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => document.querySelector('dddk-palette')?.shadowRoot?.querySelector('dialog')?.open === false, WAIT);
        assert.equal(await page.evaluate(() => document.activeElement?.hasAttribute('data-open-palette')), true);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

    it("Ctrl+K, '/tour', Enter: the site's tour walks the home page, pricing and the docs, going on with Space", async () => {
      const { page, errors } = await openPage(browser, demo.url);
      try {
        await runCommand(page, '/tour');
        for (const path of ['/', '/pricing', '/docs']) {
          await page.waitForFunction(
            (expected) => location.pathname === expected && document.querySelector('dddk-subtitle')?.shadowRoot?.querySelector('[part~="prompt-hint"]') != null,
            WAIT,
            path,
          );
          const overlays = await page.evaluate(() => document.querySelector('dddk-overlay-layer')?.shadowRoot?.querySelectorAll('.overlay').length ?? 0);
          assert.ok(overlays > 0, `the tour marks something on ${path}`);
          await page.keyboard.press('Space');
        }
        await waitForSubtitle(page, /That is the tour/);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

    it("Ctrl+K, '/docs', Enter: the docs panel takes the field; 'csv' lists the import section and Enter goes there", async () => {
      const { page, errors } = await openPage(browser, demo.url);
      try {
        await runCommand(page, '/docs');
        const panelText = () => page.evaluate(() => document.querySelector('dddk-palette')?.shadowRoot?.querySelector('[part~="panel-surface"] dddk-surface')?.shadowRoot?.textContent ?? '');
        await page.waitForFunction(() => document.querySelector('dddk-palette')?.shadowRoot?.querySelector('[part~="breadcrumbs"]')?.textContent?.includes('Search the docs') === true, WAIT);
        await page.keyboard.type('csv');
        await page.waitForFunction(
          () => {
            const text = document.querySelector('dddk-palette')?.shadowRoot?.querySelector('[part~="panel-surface"] dddk-surface')?.shadowRoot?.textContent ?? '';
            return text.includes('Importing from a spreadsheet') && !text.includes('Keyboard shortcuts');
          },
          WAIT,
        );
        assert.match(await panelText(), /Importing from a spreadsheet/);
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => location.pathname === '/docs' && location.hash === '#docs-import', WAIT);
        assert.equal(await paletteIsOpen(page), false);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

    it("Ctrl+K, 'pricing', Enter: the offline agent answers in the subtitle and shows pricing, with no request beyond the demo server", async () => {
      const { page, errors, requests } = await openPage(browser, demo.url);
      try {
        await page.waitForFunction(() => document.documentElement.dataset.llm === 'offline', WAIT);
        await askThroughPalette(page, 'pricing');
        assert.equal(await paletteIsOpen(page), false, 'Enter closes the palette');

        // The guide either takes the visitor to the pricing page or points at pricing content here.
        const deadline = Date.now() + 15_000;
        let seen = await readAgentOutcome(page);
        while (!(/offline/i.test(seen.subtitle) && (seen.onPricing || (seen.overlays > 0 && /pric|plan|\$\d/i.test(seen.subtitle))))) {
          if (Date.now() > deadline) throw new Error(`the offline agent neither went to /pricing nor pointed at pricing: ${JSON.stringify(seen)}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
          seen = await readAgentOutcome(page);
        }
        // After each narrated step the agent waits for the visitor ("Space to continue"); Space goes on,
        // until the answer quotes what the pricing page offers and says it comes from the offline guide.
        const answerDeadline = Date.now() + 15_000;
        const pauseHints: string[] = [];
        let answer = await readSubtitle(page);
        while (!/offline[\s\S]*(Seedling|Grove|Estate|\$\d+|Free)/i.test(answer.text)) {
          if (Date.now() > answerDeadline) throw new Error(`the offline agent never quoted the pricing page; the subtitle reads ${JSON.stringify(answer)}`);
          const hint = await page.evaluate(
            () => document.querySelector('dddk-subtitle')?.shadowRoot?.querySelector('[part~="prompt-hint"]')?.textContent ?? null,
          );
          if (hint !== null) {
            pauseHints.push(hint);
            await page.keyboard.press('Space');
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
          answer = await readSubtitle(page);
        }
        for (const hint of pauseHints) assert.match(hint, /^Space to continue/);

        const origin = new URL(demo.url).origin;
        const elsewhere = requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'));
        assert.deepEqual(elsewhere, [], 'every request went to the demo server');
        assert.ok(!requests.some((url) => url.includes('/api/llm/')), 'offline, nothing is sent to the LLM proxy');
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

    it('routes in place: URL, title, heading focus, current link, and Back', async () => {
      const { page, errors } = await openPage(browser, demo.url);
      try {
        await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
        await page.click('.site-nav a[href="/pricing"]');
        await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Pricing', WAIT);
        const afterClick = await page.evaluate(() => ({
          path: location.pathname,
          title: document.title,
          focused: document.activeElement?.textContent,
          current: document.querySelector('.site-nav [aria-current="page"]')?.getAttribute('href'),
          sameDocument: (window as unknown as { sameDocument?: boolean }).sameDocument,
          planColumns: document.querySelectorAll('table thead th').length,
          featureRows: document.querySelectorAll('table tbody th[scope="row"]').length,
        }));
        assert.deepEqual(afterClick, {
          path: '/pricing',
          title: 'Pricing · Orchard',
          focused: 'Pricing',
          current: '/pricing',
          sameDocument: true,
          planColumns: 4,
          featureRows: 9,
        });

        await page.goBack();
        await page.waitForFunction(() => document.querySelector('main h1')?.id === 'home-title', WAIT);
        assert.equal(await page.evaluate(() => location.pathname), '/');
        assert.equal(await page.evaluate(() => document.activeElement?.id), 'home-title');
        assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true);
        assert.equal(await page.evaluate(() => document.title), 'Orchard — calm planning for small teams');
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

    it('renders the right page on a direct load, including a fragment target', async () => {
      const { page } = await openPage(browser, `${demo.url}docs#docs-api`);
      try {
        assert.equal(await page.$eval('main h1', (h1) => h1.textContent), 'Orchard docs');
        assert.ok(await page.$('#docs-api'));
        assert.ok((await page.$$('main pre code')).length >= 2, 'the docs have code blocks');
        await page.click('a[href="#docs-import"]');
        await page.waitForFunction(() => location.hash === '#docs-import', WAIT);
        assert.equal(await page.$eval('main h1', (h1) => h1.textContent), 'Orchard docs', 'a fragment link stays on the page');
      } finally {
        await page.close();
      }
    });

    it('toggles the theme on <html> and remembers it across a reload', async () => {
      const { page } = await openPage(browser, demo.url);
      try {
        const before = await page.evaluate(() => document.documentElement.dataset.dddkTheme);
        await page.click('#theme-toggle');
        const toggled = await page.evaluate(() => ({
          theme: document.documentElement.dataset.dddkTheme,
          pressed: document.getElementById('theme-toggle')?.getAttribute('aria-pressed'),
        }));
        assert.notEqual(toggled.theme, before);
        assert.equal(toggled.pressed, String(toggled.theme === 'dark'));
        await page.reload({ waitUntil: 'networkidle0' });
        assert.equal(await page.evaluate(() => document.documentElement.dataset.dddkTheme), toggled.theme);
      } finally {
        await page.close();
      }
    });

    it('has a labelled contact form with every kind of input, validated in place', async () => {
      const { page } = await openPage(browser, `${demo.url}contact`);
      try {
        const controls = await page.$$eval('main form input, main form select, main form textarea', (elements) =>
          elements.map((element) => ({
            kind: element instanceof HTMLInputElement ? element.type : element.tagName.toLowerCase(),
            labelled: ((element as HTMLInputElement).labels?.length ?? 0) > 0,
          })),
        );
        const kinds = new Set(controls.map((control) => control.kind));
        for (const kind of ['text', 'email', 'tel', 'select', 'radio', 'checkbox', 'date', 'range', 'textarea']) {
          assert.ok(kinds.has(kind), `the form has a ${kind} control`);
        }
        assert.deepEqual(controls.filter((control) => !control.labelled), [], 'every control has a label');

        await page.click('main form button[type="submit"]');
        assert.match(await page.$eval('[data-contact-status]', (status) => status.textContent ?? ''), /fill in/);
        assert.equal(await page.evaluate(() => document.activeElement?.id), 'contact-name');

        await page.type('#contact-name', 'Ada Park');
        await page.type('#contact-email', 'ada@example.com');
        await page.type('#contact-message', 'We are nine people planning a launch.');
        await page.click('main form button[type="submit"]');
        assert.equal(
          await page.$eval('[data-contact-status]', (status) => status.textContent),
          'Thanks, Ada Park. We will reply to ada@example.com within one business day.',
        );
      } finally {
        await page.close();
      }
    });

    it('tags the CMS regions with valid, unique handles, each with a role and a label', async () => {
      const { page } = await openPage(browser, `${demo.url}cms`);
      try {
        const regions = await page.$$eval('[data-agent-element]', (elements) =>
          elements.map((element) => ({
            handle: element.getAttribute('data-agent-element') ?? '',
            role: element.getAttribute('data-agent-role'),
            label: element.getAttribute('data-agent-label'),
          })),
        );
        const handles = regions.map((region) => region.handle);
        for (const wanted of ['hero-title', 'pricing-blurb', 'faq-answer']) assert.ok(handles.includes(wanted), wanted);
        assert.equal(new Set(handles).size, handles.length, 'handles are unique');
        for (const region of regions) {
          assert.match(region.handle, /^[a-z]+(-[a-z]+)*$/);
          assert.ok(region.role, `${region.handle} has a role`);
          assert.ok(region.label, `${region.handle} has a label`);
        }
      } finally {
        await page.close();
      }
    });

    it('passes axe-core (WCAG 2 A and AA) on every page', async () => {
      const { page } = await openPage(browser, demo.url);
      try {
        for (const path of DEMO_PAGES) {
          await routeTo(page, path);
          for (const theme of ['light', 'dark']) {
            await page.evaluate((value) => document.documentElement.setAttribute('data-dddk-theme', value), theme);
            assert.deepEqual(await axeViolations(page, { exclude: [['dddk-subtitle']] }), [], `${path} (${theme})`);
          }
        }
        // Every page rendered and the kit ran under the site's CSP, and it blocked nothing.
        assert.deepEqual(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), []);
        await pressCtrlK(page);
        await page.waitForFunction(() => document.querySelector('dddk-palette')?.shadowRoot?.querySelector('dialog')?.open === true, WAIT);
        await page.keyboard.type('pricing');
        // The palette fades in; axe should see its final colours.
        await page.evaluate(() => Promise.all(document.querySelector('dddk-palette')!.shadowRoot!.getAnimations().map((animation) => animation.finished)));
        const paletteViolations = await axeViolations(page, { include: [['dddk-palette']] });
        assert.deepEqual(paletteViolations, [], 'the open palette');
      } finally {
        await page.close();
      }
    });
  });

  describe('online (an endpoint behind the proxy)', () => {
    let upstream: StubUpstream;
    let demo: DemoServer;
    before(async () => {
      upstream = await startStubUpstream();
      demo = await startTestServer({
        distDir: DIST_DIR,
        env: { DDDK_LLM_BASE_URL: upstream.baseUrl, DDDK_LLM_API_KEY: 'sk-site-test', DDDK_LLM_MODEL: 'stub-default' },
      });
    });
    after(async () => {
      await demo?.close();
      await upstream?.close();
    });

    it('streams the agent\'s answer to a palette request into the subtitle bar as it arrives', async () => {
      const { page, errors } = await openPage(browser, demo.url);
      try {
        await page.waitForFunction(() => document.documentElement.dataset.llm === 'online', WAIT);
        assert.equal(await page.$eval('.ask__offline', (note) => getComputedStyle(note).display), 'none');
        await askThroughPalette(page, 'Can I import a spreadsheet?');

        // The stub holds its stream after the first chunk: the page shows it while still streaming.
        assert.deepEqual(await waitForSubtitle(page, /^Hel$/), { text: 'Hel', streaming: true });
        upstream.releaseStream();
        await waitForSubtitle(page, /^Hello\b/);

        const sent = upstream.requests.find((request) => request.url === '/v1/chat/completions');
        assert.ok(sent, 'the upstream received the chat request');
        const body = JSON.parse(sent.body);
        assert.equal(body.model, 'stub-default');
        assert.match(JSON.stringify(body.messages), /Can I import a spreadsheet\?/);
        assert.equal(sent.headers.authorization, 'Bearer sk-site-test');
        assert.ok(!(await page.content()).includes('sk-site-test'), 'the key is not in the page');
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });
  });

  describe('online, with the upstream down', () => {
    let demo: DemoServer;
    before(async () => {
      const port = await closedPort();
      demo = await startTestServer({
        distDir: DIST_DIR,
        env: { DDDK_LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, DDDK_LLM_MODEL: 'stub-default' },
      });
    });
    after(async () => {
      await demo?.close();
    });

    it('shows a clear error line in the subtitle bar', async () => {
      const { page } = await openPage(browser, demo.url);
      try {
        await page.waitForFunction(() => document.documentElement.dataset.llm === 'online', WAIT);
        await askThroughPalette(page, 'Hello?');
        const { text } = await waitForSubtitle(page, /^The assistant could not finish/, 30_000);
        assert.match(text, /502|DDDK_LLM_BASE_URL/);
      } finally {
        await page.close();
      }
    });
  });
});
