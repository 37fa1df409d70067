// Our streaming agent_turn parser against partial-json re-parsing the growing buffer on every delta,
// for envelopes of 2 KB, 20 KB and 200 KB cut into the same 1–8 character deltas: milliseconds per
// whole envelope. Re-parsing is quadratic, so at 200 KB the peer runs fewer rounds.
import { performance } from 'node:perf_hooks';
import { READERS, type Side } from '../envelope/sides.js';
import { sampleEnvelope, splitIntoDeltas } from '../envelope/sample-envelope.js';
import type { BenchFigure, Benchmark } from '../types.js';

const PEER = 'partial-json 0.1.7 (re-parse per delta)';
/** A sample repeats a fast reading until it lasts this long, so timer resolution does not dominate. */
const MIN_SAMPLE_MS = 25;
/** Readings before measuring, so both sides run optimised code. */
const WARM_UP_MS = 300;

interface Size {
  id: string;
  chars: number;
  /** Most rounds the peer runs at this size; one 200 KB reading takes it minutes. */
  peerRoundCap?: number;
}

const SIZES: Size[] = [
  { id: 'envelope-2k', chars: 2_000 },
  { id: 'envelope-20k', chars: 20_000 },
  { id: 'envelope-200k', chars: 200_000, peerRoundCap: 1 },
];

function readOnce(side: Side, deltas: readonly string[], expectedActions: number): number {
  const started = performance.now();
  const seen = READERS[side](deltas);
  const elapsed = performance.now() - started;
  if (seen !== expectedActions) throw new Error(`${side} saw ${seen} actions in the envelope, expected ${expectedActions}`);
  return elapsed;
}

/** Milliseconds per envelope, averaged over `repeats` readings. */
function sample(side: Side, deltas: readonly string[], expectedActions: number, repeats: number): number {
  let total = 0;
  for (let i = 0; i < repeats; i++) total += readOnce(side, deltas, expectedActions);
  return total / repeats;
}

function measureSize(size: Size, rounds: number): BenchFigure {
  const { text, actionCount } = sampleEnvelope(size.chars);
  const deltas = splitIntoDeltas(text);
  const peerRounds = Math.min(rounds, size.peerRoundCap ?? rounds);
  // Warm-up readings; the last one sets how many readings make one sample. A capped peer skips it.
  const repeats: Record<Side, number> = { ours: 1, peer: 1 };
  for (const side of ['ours', 'peer'] as const) {
    if (side === 'peer' && size.peerRoundCap !== undefined) continue;
    const warmUpEnds = performance.now() + WARM_UP_MS;
    let last = readOnce(side, deltas, actionCount);
    while (performance.now() < warmUpEnds) last = readOnce(side, deltas, actionCount);
    repeats[side] = Math.max(1, Math.ceil(MIN_SAMPLE_MS / Math.max(last, 0.001)));
  }
  const figure: BenchFigure = { id: size.id, unit: 'ms', peerName: PEER, environment: 'node', ours: [], peer: [] };
  for (let round = 0; round < rounds; round++) {
    const order: Side[] = round % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours'];
    for (const side of order) {
      if (side === 'peer' && round >= peerRounds) continue;
      figure[side].push(sample(side, deltas, actionCount, repeats[side]));
    }
  }
  console.log(
    `  ${size.id}: ${text.length.toLocaleString('en')} chars, ${deltas.length.toLocaleString('en')} deltas, ${actionCount} actions; ` +
      `${rounds} rounds ours, ${peerRounds} peer`,
  );
  return figure;
}

const benchmark: Benchmark = {
  title: 'agent_turn envelope: streaming parser vs re-parsing the buffer per delta (ms per envelope)',
  async run({ rounds }) {
    return SIZES.map((size) => measureSize(size, rounds));
  },
};

export default benchmark;
