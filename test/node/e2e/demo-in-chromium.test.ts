// What a newcomer sees after `npm start`: the demo server as a process, the built drop-in, and the
// page in real Chromium, with the kit's elements rendering its controller (offline: the guide).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'puppeteer-core';
import { launchChromium } from '../../support/chromium.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let server: ChildProcess;
let origin: string;
let browser: Browser;

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; origin: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['demo/server.mjs'], {
      cwd: root,
      env: { ...process.env, PORT: '0', DDDK_LLM_BASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const timer = setTimeout(() => reject(new Error('the demo server did not print its URL within 10 s')), 10_000);
    let printed = '';
    child.stdout!.on('data', (chunk) => {
      printed += chunk;
      const match = /(http:\/\/localhost:\d+)\//.exec(printed);
      if (match) {
        clearTimeout(timer);
        resolve({ child, origin: match[1]! });
      }
    });
    child.on('exit', (code) => reject(new Error(`the demo server exited early with code ${code}: ${printed}`)));
  });
}

before(async () => {
  ({ child: server, origin } = await startServer({}));
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.kill();
});

test('the demo serves the kit and <dddk-offline-notice> says that it runs offline', { timeout: 30_000 }, async () => {
  const page = await browser.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  assert.equal(await page.evaluate(() => customElements.get('dddk-subtitle') !== undefined), true);
  await page.waitForFunction(
    () => /offline/i.test(document.querySelector('dddk-offline-notice')?.shadowRoot?.textContent ?? ''),
    { timeout: 10_000 },
  );
  assert.deepEqual(errors, []);
  // The heavy libraries stay out of the first load.
  assert.deepEqual(requested.filter((url) => /parse5|html2canvas/i.test(url)), []);
  await page.close();
});

test('the agent\'s code is fetched only when a visitor asks something', { timeout: 30_000 }, async () => {
  const page = await browser.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  const agentChunk = (url: string) => /\/chunks\/controller-agent-[^/]+\.js$/.test(url);
  assert.deepEqual(requested.filter(agentChunk), [], 'the first load leaves the agent out');

  const answered = await page.evaluate(async () => {
    // The page's own copy of the kit (same URL, same module), whose default controller the demo set.
    const specifier = '/dddk/dddk.min.js';
    const kit = await import(specifier);
    const dddk = kit.getDefaultController();
    const narration = new Promise<string>((resolve) => dddk.on('agent_narrate_complete', (event: { text: string }) => resolve(event.text)));
    const run = dddk.startAgent('How much does Grove cost?');
    const text = await narration;
    dddk.stopAgent();
    return { text, outcome: (await run.done).reason };
  });
  assert.match(answered.text, /offline/i, 'the offline guide answered through the loaded agent');
  assert.equal(answered.outcome, 'stopped');
  assert.equal(requested.filter(agentChunk).length, 1, 'the agent chunk was fetched once');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the demo routes between its pages without reloading', { timeout: 30_000 }, async () => {
  const page = await browser.newPage();
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  for (const path of ['/pricing', '/contact', '/docs', '/cms']) {
    await page.click(`a[href="${path}"]`);
    await page.waitForFunction((p) => location.pathname === p, { timeout: 5_000 }, path);
    assert.equal(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), true);
  }
  assert.ok((await page.$$('[data-agent-element]')).length >= 2, 'the CMS page has tagged regions');
  await page.goto(`${origin}/pricing`, { waitUntil: 'networkidle0' });
  assert.ok(await page.$('table'), 'a reload on /pricing serves the pricing table');
  await page.close();
});

test('the demo answers /api/health and refuses the LLM proxy when no endpoint is set', { timeout: 10_000 }, async () => {
  const health = await (await fetch(`${origin}/api/health`)).json();
  assert.deepEqual(health.llm.configured, false);
  const anonymous = await fetch(`${origin}/api/llm/chat/completions`, { method: 'POST', body: '{}' });
  assert.equal(anonymous.status, 401, 'no session token, no call');
  const { token } = await (await fetch(`${origin}/api/session`)).json();
  const proxied = await fetch(`${origin}/api/llm/chat/completions`, { method: 'POST', body: '{}', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
  assert.equal(proxied.status, 503);
  assert.match(await proxied.text(), /DDDK_LLM_BASE_URL/);
});
