// Catalog search over 5,000+ items cut from the 44 corpus pages (bench/catalog/corpus-items.ts):
// ours (createCatalogIndex, BM25F) against MiniSearch, lunr and FlexSearch, on the same items, the
// same field weights and the same labelled queries (bench/catalog/labelled-queries.ts). Speed is the
// median milliseconds per query; quality is recall@10 (the share of a query's answers in the top
// 10), reported as 1/recall@10 so that lower is better like every other figure. Then the FAQ lookup
// that runs on the same engine (bench/qa/measure-faq.ts): top-1 accuracy on in-scope questions and
// the false-confident rate on out-of-scope ones.
import { performance } from 'node:perf_hooks';
import { corpusItems } from '../catalog/corpus-items.js';
import { buildEngines, PEERS, TOP, type Engine, type EngineName, type PeerName } from '../catalog/engines.js';
import { LABELLED_QUERIES, type QueryKind } from '../catalog/labelled-queries.js';
import { recallAt10, resolveAnswers, type Recall, type ResolvedQuery } from '../catalog/recall.js';
import { measureFaq } from '../qa/measure-faq.js';
import { median } from '../stats.js';
import type { BenchFigure, Benchmark } from '../types.js';

const SIDES: EngineName[] = ['ours', 'textIndex', 'minisearch', 'lunr', 'flexsearch'];
const LABELS: Record<EngineName, string> = { ours: 'ours (createCatalogIndex)', textIndex: 'createTextIndex (MiniSearch)', ...PEERS };
const KINDS: QueryKind[] = ['words', 'multi', 'stem', 'typo', 'prefix', 'cjk'];

/** Milliseconds for each labelled query, in order. */
function timeAll(engine: Engine, queries: readonly ResolvedQuery[]): number[] {
  return queries.map(({ query }) => {
    const started = performance.now();
    engine(query);
    return performance.now() - started;
  });
}

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

function printTable(queries: readonly ResolvedQuery[], times: Record<EngineName, number[]>, recall: Record<EngineName, Recall>): void {
  const counts = KINDS.map((kind) => `${kind} ${queries.filter((q) => q.kind === kind).length}`).join(', ');
  console.log(`  ${queries.length} labelled queries (${counts})`);
  const header = ['engine', 'ms/query', 'p95', 'recall@10', ...KINDS];
  const rows = SIDES.map((side) => [
    LABELS[side],
    median(times[side]).toFixed(3),
    percentile(times[side], 0.95).toFixed(3),
    recall[side].overall.toFixed(3),
    ...KINDS.map((kind) => (recall[side].byKind[kind] ?? 0).toFixed(2)),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) => `  ${cells.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')}`;
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  for (const side of SIDES) {
    const { misses } = recall[side];
    console.log(`  ${side} missed an answer of ${misses.length}${side === 'ours' && misses.length ? `: ${misses.join(' · ')}` : ''}`);
  }
}

const benchmark: Benchmark = {
  title:
    `catalog search: ms per query (median) and 1/recall@${TOP} over labelled queries (recall@${TOP} = share of a query's answers in the top ${TOP}; ` +
    'lower is better, 1 is perfect); FAQ lookup: top-1 accuracy, answered and false-confident rates',
  async run({ rounds }) {
    const items = corpusItems();
    const queries = resolveAnswers(items, LABELLED_QUERIES);
    const { engines, buildMs } = buildEngines(items);
    const builds = SIDES.map((side) => `${side} ${buildMs[side].toFixed(0)} ms`).join(', ');
    console.log(`  ${items.length.toLocaleString('en')} items from the corpus pages; indexes built in ${builds}`);
    // Warm-up; ours builds its typo neighbourhoods at its first typo query, so its first pass is shown.
    const firstPass = SIDES.map((side) => `${side} ${timeAll(engines[side], queries).reduce((sum, ms) => sum + ms, 0).toFixed(0)} ms`).join(', ');
    console.log(`  first pass over the queries: ${firstPass}`);

    const roundMedians: Record<EngineName, number[]> = { ours: [], textIndex: [], minisearch: [], lunr: [], flexsearch: [] };
    const allTimes: Record<EngineName, number[]> = { ours: [], textIndex: [], minisearch: [], lunr: [], flexsearch: [] };
    for (let round = 0; round < rounds; round++) {
      // Rotate who goes first so no side always runs on a cooler or warmer machine.
      for (const side of SIDES.map((_, i) => SIDES[(i + round) % SIDES.length]!)) {
        const times = timeAll(engines[side], queries);
        roundMedians[side].push(median(times));
        allTimes[side].push(...times);
      }
    }
    const recall = Object.fromEntries(SIDES.map((side) => [side, recallAt10(engines[side], queries)])) as Record<EngineName, Recall>;
    printTable(queries, allTimes, recall);

    const inverse = (value: number) => 1 / Math.max(value, 1e-9);
    const figures: BenchFigure[] = [];
    for (const peer of Object.keys(PEERS) as PeerName[]) {
      figures.push({ id: `catalog-search-${peer}`, unit: 'ms/query', peerName: PEERS[peer], environment: 'node', ours: roundMedians.ours, peer: roundMedians[peer] });
    }
    for (const peer of Object.keys(PEERS) as PeerName[]) {
      figures.push({ id: `catalog-recall-${peer}`, unit: `1/recall@${TOP}`, peerName: PEERS[peer], environment: 'node', ours: [inverse(recall.ours.overall)], peer: [inverse(recall[peer].overall)] });
    }
    return [...figures, ...measureFaq(rounds)];
  },
};

export default benchmark;
