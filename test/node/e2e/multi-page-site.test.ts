// A plain multi-page site in real Chromium: every page is its own HTML document loading the built
// drop-in (dist/dddk.min.js), one controller per page with no router. The agent's `navigate` loads
// the next document, and that page's controller resumes the run at its next step: with a scripted
// model and with the offline guide, the run ends on the new page with an answer quoting it.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { launchChromium } from '../../support/chromium.js';
import { startMockLLM, type MockLLM, type RecordedRequest } from '../../support/mock-llm/server.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const FIXTURE_DIR = path.join(root, 'test/node/e2e/fixtures/multi-page');
const DIST_DIR = path.join(root, 'dist');
const WAIT = { timeout: 15_000 };
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

interface LogEntry {
  page: string;
  kind: string;
  [field: string]: unknown;
}

/** The fixture pages at /, the built kit under /dddk/; every document the browser asks for is counted. */
async function startSite(): Promise<{ url: string; documents: string[]; close(): Promise<void> }> {
  const documents: string[] = [];
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://fixture.invalid').pathname;
    const inKit = pathname.startsWith('/dddk/');
    const relative = inKit ? pathname.slice('/dddk/'.length) : pathname === '/' ? 'index.html' : pathname.slice(1);
    if (relative.split('/').some((segment) => segment === '..' || segment.startsWith('.'))) {
      res.writeHead(404).end();
      return;
    }
    const file = path.join(inKit ? DIST_DIR : FIXTURE_DIR, relative);
    if (!inKit && file.endsWith('.html')) documents.push(pathname);
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    documents,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One `agent_turn` call. */
function envelope(actions: Array<{ narrate: string; tool: string; args: Record<string, unknown> }>, final: boolean) {
  const args = {
    memory: '',
    turn_planning: { evaluation_previous_goal: 'ok', next_goal: 'go on' },
    todos_remaining: [],
    actions: actions.map((action) => ({ ...action, about: [] })),
    is_final: final,
  };
  return { toolCalls: [{ id: 'call_turn', name: 'agent_turn', arguments: args }] };
}

/** What the agent sent the model in a request: its user messages (the task, the page, the engine's notes). */
function promptOf(request: RecordedRequest): string {
  const messages = (request.body as { messages: Array<{ role: string; content: unknown }> }).messages;
  return messages
    .filter((message) => message.role === 'user')
    .map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)))
    .join('\n');
}

/** The reading's id of the first operable element whose line contains `text`. */
function idOnLine(prompt: string, text: string): string {
  const line = prompt.split('\n').find((entry) => entry.includes(text) && /\[[0-9a-z]+\]/.test(entry));
  const id = /\[([0-9a-z]+)\]/.exec(line ?? '')?.[1];
  if (!id) throw new Error(`no operable element with "${text}" in the page the agent read:\n${prompt}`);
  return id;
}

describe('a plain multi-page site (no router)', { timeout: 120_000 }, () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let mock: MockLLM;
  let browser: Browser;

  before(async () => {
    if (!existsSync(path.join(DIST_DIR, 'dddk.min.js'))) throw new Error('dist/dddk.min.js is missing: run `npm run build` first');
    site = await startSite();
    mock = await startMockLLM();
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await mock?.close();
    await site?.close();
  });

  async function open(query: Record<string, string>): Promise<{ page: Page; log: LogEntry[]; errors: string[] }> {
    site.documents.length = 0;
    const page = await browser.newPage();
    const log: LogEntry[] = [];
    const errors: string[] = [];
    await page.exposeFunction('__fixtureLog', (entry: LogEntry) => void log.push(entry));
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${site.url}/?${new URLSearchParams(query)}`, { waitUntil: 'networkidle0', ...WAIT });
    await page.waitForFunction(() => (window as unknown as { fixture?: unknown }).fixture !== undefined, WAIT);
    return { page, log, errors };
  }

  async function ask(page: Page, task: string): Promise<void> {
    await page.evaluate((text) => {
      (window as unknown as { fixture: { controller: { startAgent(task: string): void } } }).fixture.controller.startAgent(text);
    }, task);
  }

  async function until(log: LogEntry[], accept: (entry: LogEntry) => boolean, what: string): Promise<LogEntry> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = log.find(accept);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`${what}: not seen within 15 s; the log: ${JSON.stringify(log)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const subtitleText = (page: Page) =>
    page.evaluate(() => document.querySelector('dddk-subtitle')?.shadowRoot?.querySelector('[part~="text"]')?.textContent?.trim() ?? '');
  const overlays = (page: Page) =>
    page.evaluate(() => [...(document.querySelector('dddk-overlay-layer')?.shadowRoot?.querySelectorAll<HTMLElement>('.overlay') ?? [])].map((overlay) => overlay.dataset.type));
  const announced = (page: Page) => page.evaluate(() => document.getElementById('dddk-pointing-announcer')?.textContent ?? '');

  it('a scripted model: navigate loads the next document, whose controller resumes the run once and answers there', async () => {
    const id = `multi-page-${Date.now()}`;
    mock.script(id, [envelope([{ narrate: 'Taking you to Pricing…', tool: 'navigate', args: { path: '/pricing.html' } }], false)]);
    // The second turn names what the page it read shows, as a model would.
    mock.respondWith(id, (request) =>
      envelope([{ narrate: 'Grove costs $8 per member per month.', tool: 'highlight', args: { target: idOnLine(promptOf(request), 'Choose Grove') } }], true),
    );
    const { page, log, errors } = await open({ llm: mock.openAIBaseURL(id), linger: '1500' });
    try {
      await ask(page, 'How much does Grove cost?');
      const final = await until(log, (entry) => entry.kind === 'final', 'the end of the run');
      assert.deepEqual([final.page, final.reason, final.summary], ['/pricing.html', 'done', 'Grove costs $8 per member per month.']);
      assert.deepEqual(site.documents, ['/', '/pricing.html'], 'the pricing page loaded once, and the navigation was not made again');
      assert.deepEqual(
        log.filter((entry) => entry.kind === 'start').map((entry) => [entry.page, entry.resumed]),
        [['/', false], ['/pricing.html', true]],
        'the next page resumed the run, once',
      );
      assert.deepEqual(log.filter((entry) => entry.kind === 'tool').map((entry) => [entry.page, entry.name, entry.ok]), [['/', 'navigate', true], ['/pricing.html', 'highlight', true]]);
      assert.deepEqual(log.filter((entry) => entry.kind === 'prompt'), [], 'no pause or question on the way: one run, navigation then answer');

      const requests = mock.requests(id);
      assert.equal(requests.length, 2, 'no model call was lost to the load or made twice');
      const second = promptOf(requests[1]!);
      assert.match(second, /The Grove plan costs \$8 per member per month/, 'the answer was made from the page that loaded');
      assert.match(second, /The page moved to \/pricing\.html\./, 'the model is told where the navigation brought it');

      assert.match(await subtitleText(page), /Grove costs \$8 per member per month\./, 'the answer is on the new page');
      assert.deepEqual(await overlays(page), ['highlight'], 'what the answer pointed at is still shown after the run ended');
      // The region is filled a moment after it is emptied (so the same words are read again): wait for it.
      await page.waitForFunction(() => document.getElementById('dddk-pointing-announcer')?.textContent !== '', WAIT).catch(() => undefined);
      assert.equal(await announced(page), 'Pointing at Choose Grove at $8 per member');
      // Gone once the configured time (1.5 s here) has passed.
      await page.waitForFunction(() => (document.querySelector('dddk-overlay-layer')?.shadowRoot?.querySelectorAll('.overlay').length ?? 0) === 0, WAIT);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  it('the offline guide: the run ends on the page it loaded, with an answer quoting that page', async () => {
    const { page, log, errors } = await open({});
    try {
      await ask(page, 'How much does Grove cost?');
      const final = await until(log, (entry) => entry.kind === 'final', 'the end of the run');
      assert.deepEqual([final.page, final.reason], ['/pricing.html', 'done']);
      assert.deepEqual(site.documents, ['/', '/pricing.html']);
      const narrations = log.filter((entry) => entry.kind === 'narration');
      assert.deepEqual(narrations.map((entry) => entry.page), ['/', '/pricing.html']);
      assert.match(String(narrations[0]!.text), /Taking you to Pricing/);
      // The home page has no price at all: the quote can only come from the page that loaded.
      assert.match(String(narrations[1]!.text), /\$8 per member/);
      assert.match(await subtitleText(page), /\$8 per member/);
      assert.deepEqual(log.filter((entry) => entry.kind === 'prompt'), [], 'no pause prompt between the navigation and the answer');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  it('an anchor on the page scrolls to it and loads nothing: the run goes on in the same document', async () => {
    const id = `multi-page-anchor-${Date.now()}`;
    mock.script(id, [
      envelope([{ narrate: 'Down to the reminders.', tool: 'navigate', args: { path: '#reminders' } }], false),
      envelope([{ narrate: 'Orchard nudges the assignee the day before.', tool: 'narrate', args: { text: 'reminders' } }], true),
    ]);
    const { page, log, errors } = await open({ llm: mock.openAIBaseURL(id) });
    try {
      await page.setViewport({ width: 800, height: 300 });
      await ask(page, 'How do reminders work?');
      const final = await until(log, (entry) => entry.kind === 'final', 'the end of the run');
      assert.deepEqual([final.page, final.reason], ['/', 'done']);
      assert.deepEqual(site.documents, ['/'], 'no document was loaded');
      assert.deepEqual(log.filter((entry) => entry.kind === 'start').map((entry) => entry.resumed), [false]);
      assert.equal(await page.evaluate(() => location.hash), '#reminders');
      assert.ok(await page.evaluate(() => document.getElementById('reminders')!.getBoundingClientRect().top < innerHeight), 'the anchor is in view');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
