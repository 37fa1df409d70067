// Our page reader (`readDOM`) against page-agent's (`PageController.updateTree()`), on every saved
// corpus page in Chromium, each reader in a fresh tab, each timed on its second call: time, size of
// the text it hands a model, and how many interactive elements it indexed.
import { readFileSync } from 'node:fs';
import { median } from '../stats.js';
import { runCorpus, type PageResult, type PageSample } from '../read-dom/run-corpus.js';
import type { Benchmark } from '../types.js';

// The package's exports map does not publish its package.json, so it is read from disk.
const peerManifest = new URL('../../node_modules/@page-agent/page-controller/package.json', import.meta.url);
const peerVersion = (JSON.parse(readFileSync(peerManifest, 'utf8')) as { version: string }).version;
const PEER = `@page-agent/page-controller ${peerVersion}`;

function medianOf(samples: PageSample[], pick: (sample: PageSample) => number): number {
  return median(samples.map(pick));
}

function column(text: string | number, width: number): string {
  return String(text).padStart(width);
}

function printPage(result: PageResult): void {
  const oursMs = medianOf(result.ours, (s) => s.ms);
  const coldMs = Math.max(...result.ours.map((s) => s.firstMs));
  const ours = result.ours[0]!;
  const peer = result.peer[0];
  const peerMs = peer ? medianOf(result.peer, (s) => s.ms) : NaN;
  const missed = ours.missed?.length ?? 0;
  console.log(
    [
      result.name.slice(0, 34).padEnd(34),
      column(oursMs.toFixed(1), 7),
      column(coldMs.toFixed(1), 7),
      column(peer ? peerMs.toFixed(1) : 'failed', 9),
      column(peer ? (oursMs / peerMs).toFixed(2) : '-', 6),
      column(ours.size, 8),
      column(peer ? peer.size : '-', 8),
      column(peer && peer.size > 0 ? (ours.size / peer.size).toFixed(2) : '-', 6),
      column(ours.interactive, 6),
      column(peer ? peer.interactive : '-', 6),
      column(`${(ours.visibleControls ?? 0) - missed}/${ours.visibleControls ?? 0}`, 10),
    ].join(' '),
  );
  if (missed > 0) console.log(`    not indexed: ${ours.missed!.slice(0, 3).join(' | ')}`);
  if (result.peerFailure) console.log(`    peer failed: ${result.peerFailure}`);
}

const benchmark: Benchmark = {
  title: 'DOM reader: readDOM() against page-agent on every corpus page (Chromium, scripts off, fresh tab per read)',
  async run({ rounds }) {
    console.log(
      [
        'page'.padEnd(34),
        column('ours ms', 7),
        column('cold', 7),
        column('peer ms', 9),
        column('ratio', 6),
        column('ours ch', 8),
        column('peer ch', 8),
        column('ratio', 6),
        column('ours#', 6),
        column('peer#', 6),
        column('covered', 10),
      ].join(' '),
    );
    const results = await runCorpus({ rounds, onPage: printPage });
    const measured = results.filter((result) => result.peer.length > 0);

    const oursMs = measured.map((result) => medianOf(result.ours, (s) => s.ms));
    const peerMs = measured.map((result) => medianOf(result.peer, (s) => s.ms));
    const worst = (pages: PageResult[], values: number[]) => {
      const index = values.indexOf(Math.max(...values));
      return { ms: values[index]!, page: pages[index]!.name };
    };
    // Our worst page over every page, even one the peer failed on.
    const oursWorst = worst(results, results.map((result) => medianOf(result.ours, (s) => s.ms)));
    const peerWorst = worst(measured, peerMs);
    const coldWorst = results
      .map((result) => ({ page: result.name, ms: Math.max(...result.ours.map((s) => s.firstMs)) }))
      .sort((a, b) => b.ms - a.ms)[0]!;
    const visible = results.reduce((sum, result) => sum + (result.ours[0]!.visibleControls ?? 0), 0);
    const missed = results.reduce((sum, result) => sum + (result.ours[0]!.missed?.length ?? 0), 0);
    const slowest = measured
      .map((result, i) => ({ page: result.name, ours: oursMs[i]!, peer: peerMs[i]! }))
      .sort((a, b) => b.ours - a.ours)
      .slice(0, 3);

    console.log(`\npages: ${results.length}; the peer failed on ${results.length - measured.length}`);
    console.log(`visible controls (independent check) indexed by readDOM: ${visible - missed}/${visible}`);
    const slowestList = slowest.map((s) => `${s.page} ${s.ours.toFixed(1)} ms (peer ${s.peer.toFixed(0)} ms)`);
    console.log(`slowest for readDOM: ${slowestList.join('; ')}`);
    console.log(`worst first (cold) readDOM call: ${coldWorst.page} ${coldWorst.ms.toFixed(1)} ms`);
    console.log(`peer's worst page: ${peerWorst.page} ${peerWorst.ms.toFixed(0)} ms`);

    const environment = 'chromium' as const;
    return [
      { id: 'read-dom-time', unit: 'ms', peerName: PEER, environment, ours: oursMs, peer: peerMs },
      {
        id: 'read-dom-size',
        unit: 'chars',
        peerName: PEER,
        environment,
        ours: measured.map((result) => result.ours[0]!.size),
        peer: measured.map((result) => result.peer[0]!.size),
      },
      {
        id: 'read-dom-interactive',
        unit: 'elements',
        peerName: PEER,
        environment,
        ours: measured.map((result) => result.ours[0]!.interactive),
        peer: measured.map((result) => result.peer[0]!.interactive),
      },
      { id: 'read-dom-worst', unit: 'ms', peerName: PEER, environment, ours: [oursWorst.ms], peer: [peerWorst.ms] },
    ];
  },
};

export default benchmark;
