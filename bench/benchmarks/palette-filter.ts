// Palette filtering over 10,000 items: each labelled query typed one key at a time, every prefix
// filtered as it appears, top 50 kept. Ours is the palette model's own setQuery() (see
// bench/palette/scorers.ts), so the figure is what a keystroke costs the palette before rendering. Speed is the median milliseconds per keystroke. Quality is
// the mean reciprocal rank of the intended item for the whole query (1 when first, 1/2 when second,
// 0 when outside the top 50), reported as 1/MRR so that lower is better like every other figure.
import { performance } from 'node:perf_hooks';
import { median } from '../stats.js';
import { LABELLED_QUERIES } from '../palette/labelled-queries.js';
import { paletteItems } from '../palette/palette-items.js';
import { buildFilters, RESULT_LIMIT, type Filter, type ScorerName } from '../palette/scorers.js';
import type { BenchFigure, Benchmark } from '../types.js';

const PEERS = { fuse: 'fuse.js 7.5.0', 'command-score': 'command-score 0.1.2' } as const;
type Peer = keyof typeof PEERS;

/** Milliseconds for each keystroke of typing every labelled query, in order. */
function typeAll(filter: Filter): number[] {
  const times: number[] = [];
  for (const { query } of LABELLED_QUERIES) {
    for (let end = 1; end <= query.length; end++) {
      const prefix = query.slice(0, end);
      const started = performance.now();
      filter(prefix);
      times.push(performance.now() - started);
    }
  }
  return times;
}

export function meanReciprocalRank(filter: Filter): { mrr: number; misses: string[] } {
  let total = 0;
  const misses: string[] = [];
  for (const { query, id } of LABELLED_QUERIES) {
    const rank = filter(query).indexOf(id) + 1;
    if (rank === 0) misses.push(query);
    else total += 1 / rank;
  }
  return { mrr: total / LABELLED_QUERIES.length, misses };
}

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

const benchmark: Benchmark = {
  title:
    'palette filter, 10,000 items: ms per keystroke (median) and ranking quality as 1/MRR over ' +
    `${LABELLED_QUERIES.length} labelled queries (MRR = mean of 1/rank of the intended item; 1/MRR is lower-is-better, 1 is perfect)`,
  async run({ rounds }) {
    const items = paletteItems(10_000);
    const ids = new Set(items.map((item) => item.id));
    for (const { query, id } of LABELLED_QUERIES) {
      if (!ids.has(id)) throw new Error(`labelled query ${JSON.stringify(query)} names the item ${id}, which the palette items do not contain`);
    }
    const filters = buildFilters(items);
    const sides: ScorerName[] = ['ours', 'fuse', 'command-score'];
    for (const side of sides) typeAll(filters[side]); // warm-up

    const keystrokeMedians: Record<ScorerName, number[]> = { ours: [], fuse: [], 'command-score': [] };
    const allTimes: Record<ScorerName, number[]> = { ours: [], fuse: [], 'command-score': [] };
    for (let round = 0; round < rounds; round++) {
      // Rotate who goes first so no side always runs on a cooler or warmer machine.
      const order = sides.map((_, i) => sides[(i + round) % sides.length]!);
      for (const side of order) {
        const times = typeAll(filters[side]);
        keystrokeMedians[side].push(median(times));
        allTimes[side].push(...times);
      }
    }
    const quality = Object.fromEntries(sides.map((side) => [side, meanReciprocalRank(filters[side])])) as Record<
      ScorerName,
      { mrr: number; misses: string[] }
    >;
    const keystrokes = allTimes.ours.length / rounds;
    console.log(`  ${items.length.toLocaleString('en')} items, ${keystrokes} keystrokes per round, top ${RESULT_LIMIT} kept`);
    for (const side of sides) {
      const times = allTimes[side];
      console.log(
        `  ${side.padEnd(13)} per keystroke: median ${median(times).toFixed(3)} ms, p95 ${percentile(times, 0.95).toFixed(3)} ms, ` +
          `max ${Math.max(...times).toFixed(3)} ms; MRR ${quality[side].mrr.toFixed(3)}, ` +
          `missed ${quality[side].misses.length}${quality[side].misses.length ? ` (${quality[side].misses.join(', ')})` : ''}`,
      );
    }
    const inverse = (mrr: number) => 1 / Math.max(mrr, 1e-9);
    const figures: BenchFigure[] = [];
    for (const peer of Object.keys(PEERS) as Peer[]) {
      figures.push({
        id: `palette-filter-${peer}`,
        unit: 'ms/keystroke',
        peerName: PEERS[peer],
        environment: 'node',
        ours: keystrokeMedians.ours,
        peer: keystrokeMedians[peer],
      });
    }
    for (const peer of Object.keys(PEERS) as Peer[]) {
      figures.push({
        id: `palette-mrr-${peer}`,
        unit: '1/MRR',
        peerName: PEERS[peer],
        environment: 'node',
        ours: [inverse(quality.ours.mrr)],
        peer: [inverse(quality[peer].mrr)],
      });
    }
    return figures;
  },
};

export default benchmark;
