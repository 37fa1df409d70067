// Loads every corpus page in headless Chromium, once per reader per round, each time in a fresh tab
// with scripts disabled and every request that is not to the loopback corpus server aborted, then
// runs one reader in it. The readers are bundled and evaluated through the DevTools protocol, which
// works while the page's own scripts are blocked. Before either reader runs, page-wide hiding that
// only the page's own script would lift is undone, the same way for both (see page-reveal.ts).
import { build } from 'esbuild';
import { encode } from 'gpt-tokenizer';
import type { Browser, Page } from 'puppeteer-core';
import { articleRecall, wordsOf } from '../../test/browser/page/support/article-recall.js';
import { launchChromium } from '../../test/support/chromium.js';
import { corpusPageNames, startCorpusServer, type CorpusServer } from './corpus-server.js';
import { expectedArticleWords } from './expected-articles.js';
import type { ReaderSample } from './page-readers.js';

export type Side = 'ours' | 'peer';

export type PageSample = Omit<ReaderSample, 'text' | 'folded'>;

/** What one side's model receives for a page, measured once (it is the same text every round). */
export interface Reading {
  /** o200k tokens of the text. */
  tokens: number;
  /** Share of the article's words in the text itself. */
  recall: number;
  /** Ours: share within one read_text call (the text and every fold it shows). The peer has no folds. */
  recallWithinOneCall: number;
  folds: number;
  /** Article words the reading lacks, within one call. */
  missed: string[];
}

export interface PageResult {
  name: string;
  articleWords: number;
  ours: PageSample[];
  peer: PageSample[];
  oursReading?: Reading;
  peerReading?: Reading;
  /** Page-wide hiding undone before reading, as `<style> selector { property: value }`. */
  revealed: string[];
  /** Why the peer has no sample for this page (it timed out or threw), if it has none. */
  peerFailure?: string;
}

export interface CorpusRunOptions {
  rounds: number;
  /** The length budget our reader is given: the agent's `domMaxLength`. */
  maxLength: number;
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

type Step = Side | 'peerFirstCall' | 'reveal';
type BenchGlobal = { __readDomBench: Record<Step, (arg?: number) => Promise<unknown> | unknown> };

/** Runs one step of the bench script in the page, giving up after `timeoutMs`. */
async function step<T>(page: Page, name: Step, timeoutMs: number, arg?: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: no result after ${timeoutMs / 1000} s`)), timeoutMs);
  });
  const running = page.evaluate((which, value) => (globalThis as unknown as BenchGlobal).__readDomBench[which](value), name, arg);
  running.catch(() => undefined);
  try {
    return (await Promise.race([running, timeout])) as T;
  } finally {
    clearTimeout(timer);
  }
}

function measureReading(sample: ReaderSample, article: readonly string[]): Reading {
  const inText = articleRecall(article, wordsOf(sample.text));
  const folded = sample.folded ?? [];
  const withFolds = folded.length > 0 ? articleRecall(article, wordsOf(`${sample.text}\n${folded.join('\n')}`)) : inText;
  return { tokens: encode(sample.text).length, recall: inText.share, recallWithinOneCall: withFolds.share, folds: folded.length, missed: withFolds.missed };
}

function figures(sample: ReaderSample): PageSample {
  const { text: _text, folded: _folded, ...rest } = sample;
  return rest;
}

export async function runCorpus(options: CorpusRunOptions): Promise<PageResult[]> {
  const { rounds, maxLength, peerTimeoutMs = 120_000, repeatPeerBelowMs = 5_000, onPage } = options;
  const script = await readersBundle();
  const server = await startCorpusServer();
  const browser = await launchChromium();
  const results: PageResult[] = [];
  try {
    for (const name of corpusPageNames()) {
      const article = expectedArticleWords(name);
      const result: PageResult = { name, articleWords: article.length, ours: [], peer: [], revealed: [] };
      for (let round = 0; round < rounds; round++) {
        for (const side of ['ours', 'peer'] as const) {
          const first = result.peer[0];
          const peerTooSlowToRepeat = first !== undefined && first.ms + first.firstMs > repeatPeerBelowMs;
          if (side === 'peer' && (result.peerFailure || peerTooSlowToRepeat)) continue;
          const page = await openPage(browser, server, name);
          try {
            await page.evaluate(script);
            result.revealed = await step<string[]>(page, 'reveal', 10_000);
            let sample: ReaderSample;
            if (side === 'peer') {
              await step<void>(page, 'peerFirstCall', peerTimeoutMs);
              sample = await step<ReaderSample>(page, 'peer', peerTimeoutMs);
            } else {
              sample = await step<ReaderSample>(page, 'ours', 30_000, maxLength);
            }
            result[side].push(figures(sample));
            if (side === 'ours') result.oursReading ??= measureReading(sample, article);
            else result.peerReading ??= measureReading(sample, article);
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
