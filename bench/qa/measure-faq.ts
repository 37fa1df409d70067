// The FAQ half of the catalog benchmark: createQAIndex over Orchard's FAQ, on the labelled in-scope
// and out-of-scope questions, beside MiniSearch over the same entries (question boosted 2, category
// 0.5, its README's prefix and fuzzy options). MiniSearch has no notion of confidence, so it stands
// for the FAQ bot that answers with its best hit whenever it has one. Top-1 accuracy: the right entry
// first, confident or not; answered: the right entry first and confident; false-confident: an
// out-of-scope question answered confidently.
import { performance } from 'node:perf_hooks';
import MiniSearch from 'minisearch';
import { createQAIndex } from '../../core/search/qa/index.js';
import { median } from '../stats.js';
import type { BenchFigure } from '../types.js';
import { IN_SCOPE, OUT_OF_SCOPE } from './labelled-questions.js';
import { ORCHARD_FAQ, type FaqEntry } from './orchard-faq.js';

type Lookup = (question: string) => { top: string | undefined; confident: boolean };

const PEER = 'minisearch 7.2.0';

function ours(): Lookup {
  const qa = createQAIndex({ items: ORCHARD_FAQ });
  return (question) => {
    const { confident, matches } = qa.lookup(question);
    return { top: matches[0]?.id, confident };
  };
}

function minisearch(): Lookup {
  const engine = new MiniSearch<FaqEntry>({ fields: ['question', 'answer', 'category'] });
  engine.addAll(ORCHARD_FAQ);
  const options = { boost: { question: 2, category: 0.5 }, prefix: true, fuzzy: 0.2 };
  return (question) => {
    const top = engine.search(question, options)[0];
    return { top: top === undefined ? undefined : String(top.id), confident: top !== undefined };
  };
}

interface FaqQuality {
  top1: number;
  answered: number;
  falseConfident: number;
  wrong: string[];
  overconfident: string[];
}

function quality(lookup: Lookup): FaqQuality {
  let top1 = 0;
  let answered = 0;
  const wrong: string[] = [];
  for (const { question, id } of IN_SCOPE) {
    const { top, confident } = lookup(question);
    if (top !== id) wrong.push(question);
    else {
      top1++;
      if (confident) answered++;
    }
  }
  const overconfident = OUT_OF_SCOPE.filter((question) => lookup(question).confident);
  return { top1: top1 / IN_SCOPE.length, answered: answered / IN_SCOPE.length, falseConfident: overconfident.length / OUT_OF_SCOPE.length, wrong, overconfident };
}

/** Median milliseconds per lookup over every labelled question, one sample per round. */
function timeRound(lookup: Lookup): number {
  const times = [...IN_SCOPE.map((q) => q.question), ...OUT_OF_SCOPE].map((question) => {
    const started = performance.now();
    lookup(question);
    return performance.now() - started;
  });
  return median(times);
}

export function measureFaq(rounds: number): BenchFigure[] {
  const sides = { ours: ours(), peer: minisearch() };
  const samples = { ours: [] as number[], peer: [] as number[] };
  timeRound(sides.ours);
  timeRound(sides.peer);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['ours', 'peer'] as const) : (['peer', 'ours'] as const);
    for (const side of order) samples[side].push(timeRound(sides[side]));
  }
  const q = { ours: quality(sides.ours), peer: quality(sides.peer) };
  const entries = `${ORCHARD_FAQ.length} entries (${ORCHARD_FAQ.filter((e) => e.lang === 'zh-TW').length} zh-TW)`;
  console.log(`\n  FAQ lookup: ${entries}; ${IN_SCOPE.length} in-scope and ${OUT_OF_SCOPE.length} out-of-scope questions`);
  for (const [name, side] of [['ours (createQAIndex)', q.ours], [PEER, q.peer]] as const) {
    console.log(
      `  ${name.padEnd(20)} top-1 ${(side.top1 * 100).toFixed(1)}%, answered (right and confident) ${(side.answered * 100).toFixed(1)}%, ` +
        `false-confident ${(side.falseConfident * 100).toFixed(1)}%`,
    );
  }
  console.log(`  ours ranked another entry first for: ${q.ours.wrong.join(' · ') || 'none'}`);
  console.log(`  ours answered out-of-scope questions confidently: ${q.ours.overconfident.join(' · ') || 'none'}`);
  const inverse = (value: number) => 1 / Math.max(value, 1e-9);
  const figure = (id: string, unit: string, ours: number[], peer: number[]): BenchFigure => ({ id, unit, peerName: PEER, environment: 'node', ours, peer });
  return [
    figure('faq-lookup-minisearch', 'ms/lookup', samples.ours, samples.peer),
    figure('faq-top1-minisearch', '1/top-1 accuracy', [inverse(q.ours.top1)], [inverse(q.peer.top1)]),
    figure('faq-answered-minisearch', '1/answered', [inverse(q.ours.answered)], [inverse(q.peer.answered)]),
    figure('faq-false-confident-minisearch', 'false-confident rate', [q.ours.falseConfident], [q.peer.falseConfident]),
  ];
}
