// Loads every corpus page in headless Chromium, once per reader per round, each time in a fresh tab
// with scripts disabled and every request that is not to the loopback corpus server aborted, then
// runs one reader in it. The readers are bundled and evaluated through the DevTools protocol, which
// works while the page's own scripts are blocked.
import { build } from 'esbuild';
import type { Browser, Page } from 'puppeteer-core';
import { launchChromium } from '../../test/support/chromium.js';
import { corpusPageNames, startCorpusServer, type CorpusServer } from './corpus-server.js';
import type { ReaderSample } from './page-readers.js';

export type Side = 'ours' | 'peer';

export type PageSample = Omit<ReaderSample, 'text'>;

export interface PageResult {
  name: string;
  ours: PageSample[];
  peer: PageSample[];
  /** Why the peer has no sample for this page (it timed out or threw), if it has none. */
  peerFailure?: string;
}

export interface CorpusRunOptions {
  rounds: number;
  /** The peer's reader may take tens of seconds on the largest page; a call taking longer counts as failed. */
  peerTimeoutMs?: number;
  /** A page whose first peer sample took longer than this is not measured again (keeps the run short). */
  repeatPeerBelowMs?: number;
  onPage?: (result: PageResult) => void;
}

async function readersBundle(): Promise<string> {
  const bundle = await build({
    entryPoints: [new URL('./page-readers.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return bundle.outputFiles[0]!.text;
}

async function openPage(browser: Browser, server: CorpusServer, name: string): Promise<Page> {
  const page = await browser.newPage();
  await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.url().startsWith(`${server.origin}/`)) void request.continue();
    else void request.abort();
  });
  await page.goto(server.pageURL(name), { waitUntil: 'load', timeout: 30_000 });
  return page;
}

type BenchGlobal = { __readDomBench: Record<Side | 'peerFirstCall', () => Promise<ReaderSample | void>> };

/** Runs one step of the bench script in the page, giving up after `timeoutMs`. */
async function step<T>(page: Page, name: Side | 'peerFirstCall', timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: no result after ${timeoutMs / 1000} s`)), timeoutMs);
  });
  const running = page.evaluate(
    (which) =>
      (globalThis as unknown as BenchGlobal).__readDomBench[which]().then((result) => {
        if (!result) return undefined;
        const { text: _text, ...figures } = result;
        return figures;
      }),
    name,
  );
  running.catch(() => undefined);
  try {
    return (await Promise.race([running, timeout])) as T;
  } finally {
    clearTimeout(timer);
  }
}

async function sample(page: Page, script: string, side: Side, timeoutMs: number): Promise<PageSample> {
  await page.evaluate(script);
  if (side === 'peer') await step<void>(page, 'peerFirstCall', timeoutMs);
  return step<PageSample>(page, side, timeoutMs);
}

export async function runCorpus(options: CorpusRunOptions): Promise<PageResult[]> {
  const { rounds, peerTimeoutMs = 120_000, repeatPeerBelowMs = 5_000, onPage } = options;
  const script = await readersBundle();
  const server = await startCorpusServer();
  const browser = await launchChromium();
  const results: PageResult[] = [];
  try {
    for (const name of corpusPageNames()) {
      const result: PageResult = { name, ours: [], peer: [] };
      for (let round = 0; round < rounds; round++) {
        for (const side of ['ours', 'peer'] as const) {
          const first = result.peer[0];
          const peerTooSlowToRepeat = first !== undefined && first.ms + first.firstMs > repeatPeerBelowMs;
          if (side === 'peer' && (result.peerFailure || peerTooSlowToRepeat)) continue;
          const page = await openPage(browser, server, name);
          try {
            result[side].push(await sample(page, script, side, side === 'peer' ? peerTimeoutMs : 30_000));
          } catch (error) {
            if (side === 'ours') throw new Error(`readDOM failed on ${name}: ${(error as Error).message}`, { cause: error });
            result.peerFailure = (error as Error).message;
          } finally {
            await page.close().catch(() => undefined);
          }
        }
      }
      results.push(result);
      onPage?.(result);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return results;
}
