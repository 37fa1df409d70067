// `npm run bench`: every benchmark in bench/benchmarks/, ours against a named peer in the same run,
// a table of medians and ratios, and bench/results.json for scripts to read.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatNumber, median, relativeSpread } from './stats.js';
import type { BenchFigure, BenchResult, Benchmark } from './types.js';

const benchDir = fileURLToPath(new URL('.', import.meta.url));

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const rounds = Number(option('rounds') ?? 9);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`--rounds must be a positive integer, got ${option('rounds')}`);
  process.exit(2);
}
const only = option('only');

const files = readdirSync(join(benchDir, 'benchmarks'))
  .filter((name) => name.endsWith('.ts'))
  .filter((name) => !only || name.replace(/\.ts$/, '') === only)
  .sort();
if (files.length === 0) {
  console.error(only ? `no benchmark named ${only} in bench/benchmarks/` : 'no benchmark in bench/benchmarks/');
  process.exit(2);
}

const figures: BenchFigure[] = [];
for (const file of files) {
  const { default: benchmark } = (await import(pathToFileURL(join(benchDir, 'benchmarks', file)).href)) as {
    default: Benchmark;
  };
  console.log(`\n${benchmark.title} (${rounds} rounds each side, interleaved)`);
  figures.push(...(await benchmark.run({ rounds })));
}

const results: BenchResult[] = figures.map((figure) => {
  const ours = median(figure.ours);
  const peer = median(figure.peer);
  return { id: figure.id, unit: figure.unit, ours, peer, peerName: figure.peerName, ratio: ours / peer };
});

const rows = figures.map((figure, i) => {
  const result = results[i]!;
  return [
    figure.id,
    figure.environment,
    figure.unit,
    `${formatNumber(result.ours)} ±${relativeSpread(figure.ours).toFixed(0)}%`,
    `${formatNumber(result.peer)} ±${relativeSpread(figure.peer).toFixed(0)}%`,
    figure.peerName,
    `${formatNumber(result.ratio)}×`,
  ];
});
const header = ['id', 'where', 'unit', 'ours (median)', 'peer (median)', 'peer', 'ours/peer'];
const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
const line = (cells: string[]) => cells.map((cell, c) => cell.padEnd(widths[c]!)).join('  ');
console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const row of rows) console.log(line(row));
console.log('\nratio = ours / peer on medians; below 1 means ours is faster. ± is the median absolute deviation.');

// A partial run (--only) replaces its own figures and keeps everyone else's.
const resultsFile = join(benchDir, 'results.json');
const previous: BenchResult[] = only && existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : [];
const fresh = new Set(results.map((r) => r.id));
const merged = [...previous.filter((r) => !fresh.has(r.id)), ...results];
writeFileSync(resultsFile, JSON.stringify(merged, null, 2) + '\n');
console.log(`wrote bench/results.json (${merged.length} figures)`);
