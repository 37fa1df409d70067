// A plain multi-page site in real Chromium: every page is its own HTML document loading the built
// drop-in (dist/dddk.min.js), one controller per page with no router. The agent's `navigate` loads
// the next document, and that page's controller resumes the run at its next step: with a scripted
// model and with the offline guide, the run ends on the new page with an answer quoting it.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { checkRequestPath, serveFile } from '../../../demo/server/static-files.mjs';
import { launchChromium } from '../../support/chromium.js';
import { startMockLLM, type MockLLM, type RecordedRequest } from '../../support/mock-llm/server.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const FIXTURE_DIR = path.join(root, 'test/node/e2e/fixtures/multi-page');
const DIST_DIR = path.join(root, 'dist');
const WAIT = { timeout: 15_000 };

interface LogEntry {
  page: string;
  kind: string;
  [field: string]: unknown;
}

/** The fixture pages at /, the built kit under /dddk/; every document request is counted. */
async function startSite(): Promise<{ url: string; documents: string[]; close(): Promise<void> }> {
  const documents: string[] = [];
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://fixture.invalid').pathname;
    const inKit = pathname.startsWith('/dddk/');
    const checked = checkRequestPath(inKit ? pathname.slice('/dddk'.length) : pathname === '/' ? '/index.html' : pathname);
    if (checked.kind !== 'file') {
      res.writeHead(404).end();
      return;
    }
    if (!inKit && pathname.endsWith('.html') || pathname === '/') documents.push(pathname);
    void serveFile(req, res, { rootDir: inKit ? DIST_DIR : FIXTURE_DIR, segments: checked.segments, notFoundHint: 'not in the fixture' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    documents,
    close: () => new Promise((resolve) => server.close(() => resolve())),
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

/** The page text the agent sent in a request: its last user message. */
function pageTextOf(request: RecordedRequest): string {
  const messages = (request.body as { messages: Array<{ role: string; content: unknown }> }).messages;
  return messages
    .filter((message) => message.role === 'user')
    .map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)))
    .join('\n');
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
      if (Date.now() > deadline) throw new Error(`${what}: not seen within 15 s; the log: ${JSON.stringify(log, null, 1)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('a scripted model: navigate loads the next document, whose controller resumes the run once and answers there', async () => {
    const id = `multi-page-${Date.now()}`;
    mock.script(id, [envelope([{ narrate: 'Taking you to Pricing…', tool: 'navigate', args: { path: '/pricing.html' } }], false)]);
    mock.respondWith(id, (request) => {
      const text = pageTextOf(request);
      const line = text.split('\n').find((entry) => entry.includes('$8 per member'));
      const target = /\[([0-9a-z]+)\]/.exec(line ?? '')?.[1] ?? 'missing';
      return envelope([{ narrate: 'Grove costs $8 per member per month.', tool: 'highlight', args: { target } }], true);
    });
    const { page, log, errors } = await open({ llm: mock.openAIBaseURL(id) });
    try {
      await ask(page, 'How much does Grove cost?');
      const final = await until(log, (entry) => entry.kind === 'final', 'the end of the run');
      console.log(JSON.stringify(log, null, 1));
      console.log(pageTextOf(mock.requests(id)[1]!));
      assert.equal(final.page, '/pricing.html');
      assert.equal(final.reason, 'done');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  it('the offline guide: the answer quotes the page it loaded', async () => {
    const { page, log, errors } = await open({});
    try {
      await ask(page, 'How much does Grove cost?');
      const final = await until(log, (entry) => entry.kind === 'final', 'the end of the run');
      console.log(JSON.stringify(log, null, 1));
      assert.equal(final.page, '/pricing.html');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
