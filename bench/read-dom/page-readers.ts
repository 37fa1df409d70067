// Bundled and evaluated inside each corpus page: both readers, each timed on its second call (the
// first one warms caches and, for the peer, draws its highlight boxes).
import { PageController } from '@page-agent/page-controller';
import { readDOM } from '../../core/page/read-dom/index.js';
import { visibleControls } from '../../test/browser/page/support/visible-controls.js';

export interface ReaderSample {
  /** Milliseconds of the first call and of the measured second call. */
  firstMs: number;
  ms: number;
  /** Characters of text the reader produced for a model. */
  size: number;
  /** Interactive elements it indexed. */
  interactive: number;
  text: string;
  /** How many controls an independent visibility check finds on the page, and those the reader did not index. */
  visibleControls?: number;
  missed?: string[];
}

async function ours(): Promise<ReaderSample> {
  const t0 = performance.now();
  readDOM();
  const t1 = performance.now();
  const result = readDOM();
  const t2 = performance.now();
  const indexed = new Set(result.indexMap.values());
  const expected = visibleControls();
  const missed = expected.filter((element) => !indexed.has(element)).map((element) => element.outerHTML.slice(0, 160));
  return {
    firstMs: t1 - t0,
    ms: t2 - t1,
    size: result.text.length,
    interactive: result.indexMap.size,
    text: result.text,
    visibleControls: expected.length,
    missed,
  };
}

// The peer runs in two steps so each of its calls gets its own time limit: on the largest page one
// call takes tens of seconds.
let controller: PageController | undefined;
let firstMs = 0;

async function peerFirstCall(): Promise<void> {
  controller = new PageController({ viewportExpansion: -1, enableMask: false });
  const t0 = performance.now();
  await controller.updateTree();
  firstMs = performance.now() - t0;
}

async function peer(): Promise<ReaderSample> {
  if (!controller) throw new Error('peerFirstCall() must run first');
  const t0 = performance.now();
  const text = await controller.updateTree();
  const ms = performance.now() - t0;
  // The peer's own count of indexed elements (a private map; every `[n]` in its text is one entry).
  const indexed = (controller as unknown as { selectorMap: Map<number, unknown> }).selectorMap.size;
  return { firstMs, ms, size: text.length, interactive: indexed, text };
}

(globalThis as { __readDomBench?: unknown }).__readDomBench = { ours, peerFirstCall, peer };
