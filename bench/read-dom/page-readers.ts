// Bundled and evaluated inside each corpus page: both readers, each timed on its second call (the
// first one warms caches and, for the peer, draws its highlight boxes). Each side hands back the
// text its model would receive: ours is readDOM's text within the agent's length budget (plus,
// apart, the folded blocks one read_text away); the peer's is its getBrowserState(), the header,
// content and footer page-agent puts in its prompt.
import { PageController } from '@page-agent/page-controller';
import { readDOM } from '../../core/page/read-dom/index.js';
import { revealScriptHiddenPage } from '../../test/browser/page/support/page-reveal.js';
import { visibleControls } from '../../test/browser/page/support/visible-controls.js';

export interface ReaderSample {
  /** Milliseconds of the first call and of the measured second call. */
  firstMs: number;
  ms: number;
  /** The text the reader hands a model, and its length in characters. */
  text: string;
  size: number;
  /** Interactive elements it indexed (ours: in the reading itself). */
  interactive: number;
  /** Ours only: the full readings of the folded blocks the text shows, each one read_text away. */
  folded?: string[];
  /** How many controls an independent visibility check finds on the page, and those the reader did not index (in the reading or a fold). */
  visibleControls?: number;
  missed?: string[];
}

/** Undoes page-wide hiding that only the page's own script would lift (see page-reveal.ts); the same for both sides. */
function reveal(): string[] {
  return revealScriptHiddenPage(document);
}

async function ours(maxLength: number): Promise<ReaderSample> {
  const t0 = performance.now();
  readDOM({ maxLength });
  const t1 = performance.now();
  const result = readDOM({ maxLength });
  const t2 = performance.now();
  const indexed = new Set(result.indexMap.values());
  for (const fold of result.folds.values()) for (const element of fold.elements.values()) indexed.add(element);
  const expected = visibleControls();
  const missed = expected.filter((element) => !indexed.has(element)).map((element) => element.outerHTML.slice(0, 160));
  return {
    firstMs: t1 - t0,
    ms: t2 - t1,
    text: result.text,
    size: result.text.length,
    interactive: result.indexMap.size,
    folded: [...result.folds.values()].map((fold) => fold.text),
    visibleControls: expected.length,
    missed,
  };
}

// The peer runs in two steps so each of its calls gets its own time limit: on the largest page one
// call takes tens of seconds.
let controller: PageController | undefined;
let firstMs = 0;

function browserStateText(state: { header: string; content: string; footer: string }): string {
  return `${state.header}\n${state.content}\n${state.footer}`;
}

async function peerFirstCall(): Promise<void> {
  controller = new PageController({ viewportExpansion: -1, enableMask: false });
  const t0 = performance.now();
  await controller.getBrowserState();
  firstMs = performance.now() - t0;
}

async function peer(): Promise<ReaderSample> {
  if (!controller) throw new Error('peerFirstCall() must run first');
  const t0 = performance.now();
  const text = browserStateText(await controller.getBrowserState());
  const ms = performance.now() - t0;
  // The peer's own count of indexed elements (a private map; every `[n]` in its text is one entry).
  const indexed = (controller as unknown as { selectorMap: Map<number, unknown> }).selectorMap.size;
  return { firstMs, ms, text, size: text.length, interactive: indexed };
}

(globalThis as { __readDomBench?: unknown }).__readDomBench = { reveal, ours, peerFirstCall, peer };
