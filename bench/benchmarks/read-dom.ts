// Our page reader (`readDOM`, within the agent's length budget) against page-agent's
// (`PageController.getBrowserState()`), on every saved corpus page in Chromium, each reader in a
// fresh tab, each timed on its second call. Like with like: each side is measured on the text its
// model receives for the page. Figures: how much of the page's article that text keeps (ours also
// within one read_text call), its size in characters and in o200k tokens, the time to make it, and
// how many interactive elements it indexed.
import { readFileSync } from 'node:fs';
import { WEB_AGENT_DEFAULTS } from '../../core/agent/web-agent/resolve-config.js';
import { median } from '../stats.js';
import { runCorpus, type PageResult, type PageSample } from '../read-dom/run-corpus.js';
import type { Benchmark } from '../types.js';

// The package's exports map does not publish its package.json, so it is read from disk.
const peerManifest = new URL('../../node_modules/@page-agent/page-controller/package.json', import.meta.url);
const peerVersion = (JSON.parse(readFileSync(peerManifest, 'utf8')) as { version: string }).version;
const PEER = `@page-agent/page-controller ${peerVersion}`;
const BUDGET = WEB_AGENT_DEFAULTS.domMaxLength;

function medianOf(samples: PageSample[], pick: (sample: PageSample) => number): number {
  return median(samples.map(pick));
}

function column(text: string | number, width: number): string {
  return String(text).padStart(width);
}

const ratio = (ours: number, peer: number) => (Number.isFinite(ours / peer) ? (ours / peer).toFixed(2) : '-');
const share = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(3));

const HEADER = [
  'page'.padEnd(30),
  column('recall', 6),
  column('1 call', 6),
  column('peer', 6),
  column('ours ch', 8),
  column('peer ch', 8),
  column('ratio', 5),
  column('ours tk', 7),
  column('peer tk', 7),
  column('ratio', 5),
  column('ours ms', 7),
  column('peer ms', 8),
  column('ratio', 5),
  column('folds', 5),
  column('ids', 4),
  column('covered', 9),
].join(' ');

function printPage(result: PageResult): void {
  const ours = result.ours[0]!;
  const reading = result.oursReading!;
  const peer = result.peer[0];
  const peerReading = result.peerReading;
  const oursMs = medianOf(result.ours, (s) => s.ms);
  const peerMs = peer ? medianOf(result.peer, (s) => s.ms) : NaN;
  const missed = ours.missed?.length ?? 0;
  console.log(
    [
      result.name.slice(0, 30).padEnd(30),
      column(share(reading.recall), 6),
      column(share(reading.recallWithinOneCall), 6),
      column(share(peerReading?.recall), 6),
      column(ours.size, 8),
      column(peer ? peer.size : 'failed', 8),
      column(peer ? ratio(ours.size, peer.size) : '-', 5),
      column(reading.tokens, 7),
      column(peerReading ? peerReading.tokens : '-', 7),
      column(peerReading ? ratio(reading.tokens, peerReading.tokens) : '-', 5),
      column(oursMs.toFixed(1), 7),
      column(peer ? peerMs.toFixed(1) : '-', 8),
      column(peer ? ratio(oursMs, peerMs) : '-', 5),
      column(reading.folds, 5),
      column(ours.interactive, 4),
      column(`${(ours.visibleControls ?? 0) - missed}/${ours.visibleControls ?? 0}`, 9),
    ].join(' '),
  );
  if (missed > 0) console.log(`    not indexed, in the reading or a fold: ${ours.missed!.slice(0, 3).join(' | ')}`);
  if (result.revealed.length > 0) console.log(`    revealed before reading (both sides): ${result.revealed.join('; ')}`);
  if (result.peerFailure) console.log(`    peer failed: ${result.peerFailure}`);
}

/** `median of per-page ratios; ratio of medians` for one measure over the pages both sides read. */
function ratios(pages: PageResult[], ours: (page: PageResult) => number, peer: (page: PageResult) => number): string {
  const perPage = median(pages.map((page) => ours(page) / peer(page)));
  const ofMedians = median(pages.map(ours)) / median(pages.map(peer));
  return `median of per-page ratios ${perPage.toFixed(3)}, ratio of medians ${ofMedians.toFixed(3)}`;
}

function lowest(pages: PageResult[], pick: (page: PageResult) => number): string {
  return [...pages]
    .sort((a, b) => pick(a) - pick(b))
    .slice(0, 5)
    .map((page) => `${page.name} ${pick(page).toFixed(3)}`)
    .join('; ');
}

const benchmark: Benchmark = {
  title: `DOM reader: readDOM() within the agent's ${BUDGET}-character budget against page-agent's getBrowserState(), on every corpus page (Chromium, scripts off, fresh tab per read)`,
  async run({ rounds }) {
    console.log(
      'Each side is measured on what its model receives: ours is readDOM\'s text (folded blocks are one read_text away, and "1 call" counts them);' +
        " the peer's is getBrowserState()'s header + content + footer, as page-agent puts it in its prompt. Recall is the share of the article's" +
        " words (Readability's extraction, as a multiset) in that text; tokens are o200k (gpt-tokenizer).",
    );
    console.log(HEADER);
    const results = await runCorpus({ rounds, maxLength: BUDGET, onPage: printPage });
    const measured = results.filter((result) => result.peer.length > 0);

    const oursMs = (page: PageResult) => medianOf(page.ours, (s) => s.ms);
    const peerMs = (page: PageResult) => medianOf(page.peer, (s) => s.ms);
    const worst = (pages: PageResult[], values: number[]) => {
      const index = values.indexOf(Math.max(...values));
      return { ms: values[index]!, page: pages[index]!.name };
    };
    // Our worst page over every page, even one the peer failed on.
    const oursWorst = worst(results, results.map(oursMs));
    const peerWorst = worst(measured, measured.map(peerMs));
    const coldWorst = results
      .map((result) => ({ page: result.name, ms: Math.max(...result.ours.map((s) => s.firstMs)) }))
      .sort((a, b) => b.ms - a.ms)[0]!;
    const visible = results.reduce((sum, result) => sum + (result.ours[0]!.visibleControls ?? 0), 0);
    const missed = results.reduce((sum, result) => sum + (result.ours[0]!.missed?.length ?? 0), 0);
    const revealed = results.filter((result) => result.revealed.length > 0);

    console.log(`\npages: ${results.length}; the peer failed on ${results.length - measured.length}; ratios over the ${measured.length} both read`);
    console.log(`recall within one call (ours): median ${median(results.map((r) => r.oursReading!.recallWithinOneCall)).toFixed(4)}, lowest: ${lowest(results, (r) => r.oursReading!.recallWithinOneCall)}`);
    console.log(`recall in the reading itself (ours): median ${median(results.map((r) => r.oursReading!.recall)).toFixed(4)}, lowest: ${lowest(results, (r) => r.oursReading!.recall)}`);
    console.log(`recall (peer): median ${median(measured.map((r) => r.peerReading!.recall)).toFixed(4)}, lowest: ${lowest(measured, (r) => r.peerReading!.recall)}`);
    console.log(`characters, ours / peer: ${ratios(measured, (r) => r.ours[0]!.size, (r) => r.peer[0]!.size)}`);
    console.log(`o200k tokens, ours / peer: ${ratios(measured, (r) => r.oursReading!.tokens, (r) => r.peerReading!.tokens)}`);
    console.log(`time, ours / peer: ${ratios(measured, oursMs, peerMs)}`);
    console.log(`visible controls (independent check) indexed by readDOM, in the reading or a fold: ${visible - missed}/${visible}`);
    console.log(`worst readDOM page: ${oursWorst.page} ${oursWorst.ms.toFixed(1)} ms; worst first (cold) call: ${coldWorst.page} ${coldWorst.ms.toFixed(1)} ms; peer's worst page: ${peerWorst.page} ${peerWorst.ms.toFixed(0)} ms`);
    console.log(
      revealed.length > 0
        ? `pages hidden until their own script runs, revealed for both readers: ${revealed.map((r) => `${r.name} (${r.revealed.join('; ')})`).join(', ')}`
        : 'no page needed revealing',
    );

    const environment = 'chromium' as const;
    const both = (pick: (page: PageResult) => number, peerPick: (page: PageResult) => number) => ({
      ours: measured.map(pick),
      peer: measured.map(peerPick),
    });
    return [
      {
        id: 'read-dom-recall',
        unit: 'share of article words, within one read_text (higher is better)',
        peerName: PEER,
        environment,
        ...both((r) => r.oursReading!.recallWithinOneCall, (r) => r.peerReading!.recall),
      },
      {
        id: 'read-dom-recall-in-reading',
        unit: 'share of article words, in the reading itself (higher is better)',
        peerName: PEER,
        environment,
        ...both((r) => r.oursReading!.recall, (r) => r.peerReading!.recall),
      },
      { id: 'read-dom-tokens', unit: 'o200k tokens', peerName: PEER, environment, ...both((r) => r.oursReading!.tokens, (r) => r.peerReading!.tokens) },
      { id: 'read-dom-size', unit: 'chars', peerName: PEER, environment, ...both((r) => r.ours[0]!.size, (r) => r.peer[0]!.size) },
      { id: 'read-dom-time', unit: 'ms', peerName: PEER, environment, ...both(oursMs, peerMs) },
      { id: 'read-dom-interactive', unit: 'elements', peerName: PEER, environment, ...both((r) => r.ours[0]!.interactive, (r) => r.peer[0]!.interactive) },
      { id: 'read-dom-worst', unit: 'ms', peerName: PEER, environment, ours: [oursWorst.ms], peer: [peerWorst.ms] },
    ];
  },
};

export default benchmark;
