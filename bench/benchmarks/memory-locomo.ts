// Memory retrieval on LoCoMo (bench/memory/locomo.ts): each conversation's turns as drawer entries
// (speaker and picture caption as fields, each session a room), each question with evidence asked;
// recall@5/10/25 is the share of a question's evidence turns in the top k, averaged over questions.
// Ours (createDrawerIndex, no embedding model) against MiniSearch, lunr and FlexSearch with their
// defaults and with a stopword list, in one run; then ms per query in Chromium over the largest
// conversation. Anchors on the full dataset: plain BM25 about 55/61/69, DRAGON (dense) 58.8/67.5/79.9.
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { runInChromium } from '../browser/chromium.js';
import type { ChromiumSamples } from '../memory/browser-entry.js';
import { ENGINES, PEER_VERSIONS, type MemoryEngineName } from '../memory/engines.js';
import { loadLocomo, type LocomoConversation } from '../memory/locomo.js';
import { KS, recallAt } from '../memory/recall.js';
import { median } from '../stats.js';
import type { BenchFigure, Benchmark } from '../types.js';

interface Measured {
  /** recall@k for each k of KS, averaged over every question of every conversation. */
  recall: number[];
  /** recall@10 of each conversation alone: the figure must hold on each, not only on their sum. */
  byConversation: Record<string, number>;
  /** ms per question, one sample per question and round. */
  times: number[];
}

function measure(name: MemoryEngineName, conversations: readonly LocomoConversation[], rounds: number): Measured {
  const sums = KS.map(() => 0);
  let asked = 0;
  const times: number[] = [];
  const byConversation: Record<string, number> = {};
  for (const conversation of conversations) {
    const engine = ENGINES[name](conversation);
    let own = 0;
    for (const question of conversation.questions) {
      const found = engine(question.question);
      KS.forEach((k, i) => (sums[i]! += recallAt(found, question, k)));
      own += recallAt(found, question, 10);
      asked++;
    }
    byConversation[conversation.name] = own / conversation.questions.length;
    for (let round = 0; round < rounds; round++) {
      for (const question of conversation.questions) {
        const started = performance.now();
        engine(question.question);
        times.push(performance.now() - started);
      }
    }
  }
  return { recall: sums.map((sum) => sum / asked), byConversation, times };
}

const percent = (value: number) => (100 * value).toFixed(1);

function printTable(results: Record<MemoryEngineName, Measured>): void {
  const header = ['engine', ...KS.map((k) => `R@${k}`), 'ms/query'];
  const label = (name: MemoryEngineName) => (name === 'ours' ? 'ours (createDrawerIndex)' : `${PEER_VERSIONS[name.replace('+stop', '') as keyof typeof PEER_VERSIONS]}${name.endsWith('+stop') ? ' + stopwords' : ''}`);
  const rows = (Object.keys(results) as MemoryEngineName[]).map((name) => [label(name), ...results[name].recall.map(percent), median(results[name].times).toFixed(3)]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) => `  ${cells.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')}`;
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  const own = Object.entries(results.ours.byConversation).map(([name, recall]) => `${name} ${percent(recall)}`);
  console.log(`  ours, R@10 by conversation: ${own.join(' · ')}`);
}

const benchmark: Benchmark = {
  title: 'memory retrieval on LoCoMo: 1/recall@10 of evidence turns (lower is better, 1 is perfect) and ms per query, Node and Chromium',
  async run({ rounds }) {
    const conversations = loadLocomo();
    const questions = conversations.reduce((sum, c) => sum + c.questions.length, 0);
    const turns = conversations.reduce((sum, c) => sum + c.turns.length, 0);
    console.log(`  ${conversations.length} conversations, ${turns} turns, ${questions} questions with evidence (adversarial ones have none)`);
    const results = Object.fromEntries((Object.keys(ENGINES) as MemoryEngineName[]).map((name) => [name, measure(name, conversations, rounds)])) as Record<MemoryEngineName, Measured>;
    printTable(results);

    const figures: BenchFigure[] = [];
    const ours = results.ours;
    for (const name of Object.keys(ENGINES) as MemoryEngineName[]) {
      if (name === 'ours') continue;
      const peerName = `${PEER_VERSIONS[name.replace('+stop', '') as keyof typeof PEER_VERSIONS]}${name.endsWith('+stop') ? ' + stopwords' : ''}`;
      figures.push({ id: `memory-recall10-${name.replace('+', '-')}`, unit: '1/recall@10', peerName, environment: 'node', ours: [1 / ours.recall[1]!], peer: [1 / results[name].recall[1]!] });
      if (!name.endsWith('+stop')) figures.push({ id: `memory-query-${name}`, unit: 'ms/query', peerName, environment: 'node', ours: ours.times, peer: results[name].times });
    }
    const largest = [...conversations].sort((a, b) => b.turns.length - a.turns.length)[0]!;
    const inChromium = await runInChromium<ChromiumSamples>(fileURLToPath(new URL('../memory/browser-entry.ts', import.meta.url)), { conversation: largest, rounds });
    console.log(`  in Chromium, conversation ${largest.name} (${largest.turns.length} turns): ours ${median(inChromium.ours).toFixed(3)} ms/query, MiniSearch ${median(inChromium.peer).toFixed(3)}`);
    figures.push({ id: 'memory-query-chromium-minisearch', unit: 'ms/query', peerName: PEER_VERSIONS.minisearch, environment: 'chromium', ours: inChromium.ours, peer: inChromium.peer });
    return figures;
  },
};

export default benchmark;
