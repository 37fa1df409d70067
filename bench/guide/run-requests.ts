// Runs each labelled request through the kit as a visitor would meet it: a fresh browser profile,
// the start page of the site, `startAgent(request)` on the page's controller, and the run followed
// across page loads until it ends. What the visitor was shown (every narration, what was pointed
// at, the page it ended on, what the page shows afterwards) is recorded for scoring.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import type { GuideRequest } from './guide-request.types.js';

/** What one run showed the visitor. */
export interface RunRecord {
  narrations: string[];
  /** For each pointing action: whether an overlay covered the expected element when it was drawn. */
  pointed: boolean[];
  endedOn: string;
  finalReason: string | undefined;
  /** The subtitle bar's text when the run was over. */
  subtitle: string;
  effect: boolean | undefined;
  /** Every string the subtitle bar painted during the run. */
  painted: string[];
  error?: string;
}

const RUN_TIMEOUT_MS = 20_000;
const POINTING = ['highlight', 'border', 'spotlight', 'scroll_to'];

/** Installed in every document of the run (as plain text, so no build step rewrites it). */
const RECORDER = readFileSync(fileURLToPath(new URL('./recorder.js', import.meta.url)), 'utf8');

/**
 * `readyWhen`: a page expression that is true once the site's own script has set up the kit (the demo
 * replaces the first controller after asking its server whether a model is configured).
 */
export async function runRequest(browser: Browser, origin: string, request: GuideRequest, readyWhen?: string): Promise<RunRecord> {
  const context = await browser.createBrowserContext();
  const record: RunRecord = { narrations: [], pointed: [], endedOn: '', finalReason: undefined, subtitle: '', effect: undefined, painted: [] };
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.setRequestInterception(true);
    page.on('request', (outgoing) => (outgoing.url().startsWith(origin) ? outgoing.continue() : outgoing.abort()));
    let ready: () => void = () => {};
    let finished: () => void = () => {};
    const readyOnce = new Promise<void>((resolve) => (ready = resolve));
    const done = new Promise<void>((resolve) => (finished = resolve));
    await page.exposeFunction('__guideBench', (event: { type: string; text?: string; ok?: boolean; reason?: string; path?: string; subtitle?: string }) => {
      if (event.type === 'ready') ready();
      else if (event.type === 'narration') record.narrations.push(String(event.text));
      else if (event.type === 'painted') record.painted.push(String(event.text));
      else if (event.type === 'point') record.pointed.push(event.ok === true);
      else if (event.type === 'final') {
        record.finalReason = event.reason;
        record.endedOn = String(event.path);
        record.subtitle = String(event.subtitle ?? '');
        finished();
      }
    });
    await page.evaluateOnNewDocument(`(${RECORDER.replace(/^\/\/.*$/gm, "")})(${JSON.stringify(request.pointAt ?? null)}, ${JSON.stringify(POINTING)});`);
    await page.goto(new URL(request.start, origin).href, { waitUntil: 'load' });
    await within(readyOnce, 10_000, 'the page controller');
    if (readyWhen) await page.waitForFunction(readyWhen, { timeout: 10_000 });
    await page.evaluate(async (task) => {
      const kit = (await import('/dddk/dddk.min.js' as string)) as { getDefaultController(): { startAgent(task: string, options?: object): unknown } };
      kit.getDefaultController().startAgent(task, { fresh: true });
    }, request.request);
    await within(done, RUN_TIMEOUT_MS, 'the end of the run');
    record.effect = request.effect ? await checkEffect(page, request.effect) : undefined;
  } catch (error) {
    record.error = error instanceof Error ? error.message : String(error);
  } finally {
    await context.close();
  }
  return record;
}

async function checkEffect(page: Page, expression: string): Promise<boolean> {
  try {
    return (await page.evaluate(`(() => { try { return Boolean(${expression}); } catch { return false; } })()`)) === true;
  } catch {
    return false;
  }
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
