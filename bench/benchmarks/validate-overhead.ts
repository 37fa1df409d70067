// What proving a region write costs: `validate()` of the HTML-region target on every corpus page (with
// three tagged regions planted in it) against one bare parse5 `parseFragment` of the same document.
// Every timed call proposes content never seen before, so the prospective page is always parsed anew;
// the current page is already scanned (by the first call here, as by listParts() in use), which is
// what the target's parse cache is for. The cold figure uses a new target per call: nothing cached.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseFragment } from 'parse5';
import { createHtmlRegionTarget } from '../../core/targets/html-target/index.js';
import { createParse5RegionParser } from '../../core/targets/html/index.js';
import { corpusPageNames, corpusPagesDir } from '../read-dom/corpus-server.js';
import { median } from '../stats.js';
import type { BenchFigure, Benchmark } from '../types.js';

/** The body of a saved page, scripts out, with regions at its start, middle and end. */
function hostDocument(page: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(page)?.[1] ?? page;
  const cleaned = body.replace(/<script[\s\S]*?<\/script>/gi, '');
  const middle = cleaned.length >> 1;
  const cut = cleaned.indexOf('\n', middle);
  const at = cut < 0 ? cleaned.length : cut;
  return [
    '<section data-agent-element="hero"><h1>Plan the season</h1></section>',
    cleaned.slice(0, at),
    '<div data-agent-element="faq-answer"><p>Answer</p></div>',
    cleaned.slice(at),
    '<p data-agent-element="pricing-blurb">From $8</p>',
  ].join('\n');
}

function timeMs(run: () => unknown, minMs = 20): number {
  let repeats = 0;
  const started = performance.now();
  do {
    run();
    repeats += 1;
  } while (performance.now() - started < minMs);
  return (performance.now() - started) / repeats;
}

async function timeAsyncMs(run: () => Promise<unknown>, minMs = 20): Promise<number> {
  let repeats = 0;
  const started = performance.now();
  do {
    await run();
    repeats += 1;
  } while (performance.now() - started < minMs);
  return (performance.now() - started) / repeats;
}

const benchmark: Benchmark = {
  title: 'validate() of a region write on every corpus page vs one bare parse5 parseFragment of the same document',
  async run({ rounds }) {
    const parser = createParse5RegionParser();
    const ratios: number[] = [];
    const coldRatios: number[] = [];
    const oursMs: number[] = [];
    const peerMs: number[] = [];
    const edit = { id: 'faq-answer', content: '<p>A <strong>new</strong> answer.</p>' };
    let proposals = 0;
    const freshEdit = () => ({ id: edit.id, content: `<p>A <strong>new</strong> answer, take ${++proposals}.</p>` });
    for (const name of corpusPageNames()) {
      const html = hostDocument(readFileSync(join(corpusPagesDir, name), 'utf8'));
      const store = { read: async () => html, write: async () => {} };
      const target = createHtmlRegionTarget({ store, parser });
      // A page whose own markup spills into the planted regions (the scan refuses it, or the write is refused)
      // is not a fair host for this measurement.
      const verdict = await target.validate(edit).catch(() => undefined);
      if (!verdict?.ok) continue;
      const ours: number[] = [];
      const cold: number[] = [];
      const peer: number[] = [];
      for (let round = 0; round < Math.min(rounds, 3); round++) {
        ours.push(await timeAsyncMs(() => target.validate(freshEdit())));
        cold.push(await timeAsyncMs(() => createHtmlRegionTarget({ store, parser }).validate(freshEdit())));
        peer.push(timeMs(() => parseFragment(html)));
      }
      oursMs.push(median(ours));
      peerMs.push(median(peer));
      ratios.push(median(ours) / median(peer));
      coldRatios.push(median(cold) / median(peer));
    }
    console.log(`  ${ratios.length} of ${corpusPageNames().length} pages hosted the planted regions cleanly`);

    const figures: BenchFigure[] = [
      // Per page ratio of medians, summarised by its median: ours is the ratio, the peer is 1 (one bare parse).
      { id: 'validate-overhead', unit: '× bare parse', peerName: 'parse5 8.1.1 parseFragment', environment: 'node', ours: ratios, peer: ratios.map(() => 1) },
      { id: 'validate-overhead-cold', unit: '× bare parse', peerName: 'parse5 8.1.1 parseFragment', environment: 'node', ours: coldRatios, peer: coldRatios.map(() => 1) },
      { id: 'validate-ms', unit: 'ms/page', peerName: 'parse5 8.1.1 parseFragment', environment: 'node', ours: oursMs, peer: peerMs },
    ];
    return figures;
  },
};

export default benchmark;
