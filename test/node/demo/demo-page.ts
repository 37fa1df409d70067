// Shared by the demo's Chromium tests: opening a page of the demo with its errors and requests
// recorded, moving between pages through the site's router, and running axe-core on it.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import type { DemoServer } from '../../../demo/server.mjs';
import { launchChromium } from '../../support/chromium.js';
import { startTestServer } from './demo-server-fixtures.js';

const DIST_DIR = fileURLToPath(new URL('../../../dist', import.meta.url));

export const WAIT = { timeout: 10_000 };
export const DEMO_PAGES = ['/', '/pricing', '/docs', '/cms', '/contact'] as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface OpenedPage {
  page: Page;
  errors: string[];
  requests: string[];
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  /** Runs in the page before its own scripts (e.g. to take storage away). */
  beforeLoad?: () => void;
}

/** Opens `url` and waits for the routed page's heading; page errors and requests are recorded. */
export async function openDemoPage(browser: Browser, url: string, options: OpenOptions = {}): Promise<OpenedPage> {
  const page = await browser.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('request', (request) => requests.push(request.url()));
  if (options.viewport) await page.setViewport(options.viewport);
  // The site's CSP allows no inline script: anything the kit or the site does that it blocks is recorded.
  await page.evaluateOnNewDocument(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`), true);
  });
  if (options.beforeLoad) await page.evaluateOnNewDocument(options.beforeLoad);
  await page.goto(url, { waitUntil: 'networkidle0', timeout: 10_000 });
  await page.waitForSelector('main h1', WAIT);
  return { page, errors, requests };
}

/** Shows `path` through the site's router (no reload) and waits until it has rendered. */
export async function routeTo(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction((target) => location.pathname === target && !document.querySelector('main[aria-busy]') && document.querySelector('main h1'), WAIT, path);
}

/**
 * axe-core's WCAG 2 A and AA violations in `context`, one line each. Evaluated through the
 * debugger, not as a <script> tag, which the site's CSP rightly refuses.
 */
export async function axeViolations(page: Page, context: unknown, rules?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (scope, only) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown; failureSummary?: string }> }> }> } }).axe;
    const options = only ? { runOnly: { type: 'rule', values: only } } : { runOnly: ['wcag2a', 'wcag2aa'] };
    const result = await axe.run(scope, options);
    return result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
  }, context, rules);
}

export interface DemoInChromium {
  browser: Browser;
  demo: DemoServer;
}

/** One Chromium and one demo server serving the built kit, started before the suite and closed after it. */
export function demoInChromium(): DemoInChromium {
  const shared = {} as DemoInChromium;
  before(async () => {
    assert.ok(existsSync(`${DIST_DIR}/dddk.min.js`), 'dist/dddk.min.js is missing: run `npm run build` before these tests');
    shared.browser = await launchChromium();
    shared.demo = await startTestServer({ distDir: DIST_DIR });
  });
  after(async () => {
    await shared.browser?.close();
    await shared.demo?.close();
  });
  return shared;
}
