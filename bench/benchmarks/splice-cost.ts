// What writing a region costs once it is validated: `replacePart()` of the HTML-region target (read the
// page, find the region in the cached scan, splice the new content between the untouched bytes, hand
// the string to the store) for a fixed 1 KB region in documents of 10 KB to 1.6 MB, against writing the
// same content the naive way: put it into the parsed tree and serialize the whole page with parse5.
//
// V8 makes the splice a rope: slicing a long string shares its bytes, and `a + b + c` links the pieces.
// So the splice itself should not grow with the page. The copy is only deferred: the first consumer
// that reads the whole string (a store writing it to disk, the DOM, a hash) flattens it, in time
// proportional to the page. `splice-flattened-1.6m` measures a splice followed by one full read, so
// that cost is shown too.
import { performance } from 'node:perf_hooks';
import { defaultTreeAdapter, html, parseFragment, serialize, type DefaultTreeAdapterTypes } from 'parse5';
import { createHtmlRegionTarget } from '../../core/targets/html-target/index.js';
import { createParse5RegionParser } from '../../core/targets/html/index.js';
import { median } from '../stats.js';
import type { BenchFigure, Benchmark } from '../types.js';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

const PEER = 'parse5 8.1.1 serialize (whole tree re-serialized)';
const REGION_ID = 'faq-answer';
/** A sample repeats a fast operation until it lasts this long, so timer resolution does not dominate. */
const MIN_SAMPLE_MS = 25;

const SIZES = [
  { id: '10k', chars: 10_000 },
  { id: '100k', chars: 100_000 },
  { id: '1m', chars: 1_000_000 },
  { id: '1.6m', chars: 1_600_000 },
] as const;

/** About 1 KB of ordinary region content; `variant` makes every write differ from the last. */
function regionContent(variant: number): string {
  const item = (n: number) => `<li><a href="/faq/${n}">Question ${n}</a>: a short answer with <em>emphasis</em> and a number ${n * 7}.</li>`;
  let content = `<h3>Answers, take ${variant}</h3><ul>`;
  for (let n = 0; content.length < 1_000; n++) content += item(n);
  return `${content}</ul>`;
}

/** Article-like filler with a tagged region in the middle, `chars` code units long give or take a block. */
function hostDocument(chars: number): string {
  const blocks: string[] = [];
  let length = 0;
  for (let n = 0; length < chars - 1_100; n++) {
    const block = `<article class="post" id="post-${n}"><h2>Post ${n}</h2><p>Some text about topic ${n}, with <a href="/t/${n}">a link</a> and <strong>bold words</strong>.</p><ul><li>one</li><li>two &amp; three</li></ul></article>\n`;
    blocks.push(block);
    length += block.length;
  }
  const middle = blocks.length >> 1;
  const region = `<div data-agent-element="${REGION_ID}">${regionContent(0)}</div>\n`;
  return [...blocks.slice(0, middle), region, ...blocks.slice(middle)].join('');
}

function elementWithHandle(parent: ParentNode, handle: string): Element | undefined {
  for (const child of parent.childNodes) {
    if (!('tagName' in child)) continue;
    if (child.attrs.some((attr) => attr.name === 'data-agent-element' && attr.value === handle)) return child;
    const found = elementWithHandle(child, handle);
    if (found) return found;
  }
  return undefined;
}

async function timeAsyncMs(run: () => Promise<unknown>): Promise<number> {
  let repeats = 0;
  const started = performance.now();
  do {
    await run();
    repeats += 1;
  } while (performance.now() - started < MIN_SAMPLE_MS);
  return (performance.now() - started) / repeats;
}

function timeMs(run: () => unknown): number {
  let repeats = 0;
  const started = performance.now();
  do {
    run();
    repeats += 1;
  } while (performance.now() - started < MIN_SAMPLE_MS);
  return (performance.now() - started) / repeats;
}

const benchmark: Benchmark = {
  title: 'writing a validated 1 KB region: our string splice vs re-serializing the whole parsed page',
  async run({ rounds }) {
    const parser = createParse5RegionParser();
    const contents = [regionContent(1), regionContent(2)];
    let turn = 0;
    const nextContent = () => contents[turn++ % 2]!;

    const sides = await Promise.all(
      SIZES.map(async (size) => {
        const page = hostDocument(size.chars);
        // The store hands back the same page every time, so each write splices the same region of an
        // already scanned page: the write step alone, not a scan of the page it produced.
        const sink = { written: '' };
        const target = createHtmlRegionTarget({ store: { read: async () => page, write: async (args) => void (sink.written = args.html) }, parser });
        await target.replacePart({ id: REGION_ID, content: contents[0]! });
        if (!sink.written.includes(contents[0]!) || sink.written.length !== page.length - regionContent(0).length + contents[0]!.length) {
          throw new Error(`the splice at ${size.id} did not write the expected document`);
        }
        const tree = parseFragment(defaultTreeAdapter.createElement('div', html.NS.HTML, []), page, { scriptingEnabled: true });
        const region = elementWithHandle(tree, REGION_ID);
        if (!region) throw new Error(`no region in the ${size.id} document`);
        const parsedContents = contents.map((content) => parseFragment(region, content, { scriptingEnabled: true }).childNodes);
        console.log(`  ${size.id}: document ${page.length.toLocaleString('en')} chars, region content ${contents[0]!.length} chars`);
        return {
          size,
          ours: () => target.replacePart({ id: REGION_ID, content: nextContent() }),
          peer: () => {
            region.childNodes = parsedContents[turn++ % 2]!;
            sink.written = serialize(tree);
          },
          // One full read of the written string (a scan for a character it does not hold) flattens the rope.
          oursFlattened: async () => {
            await target.replacePart({ id: REGION_ID, content: nextContent() });
            if (sink.written.indexOf('\u0000') !== -1) throw new Error('unexpected NUL in the written page');
          },
          samples: { ours: [] as number[], peer: [] as number[], oursFlattened: [] as number[] },
        };
      }),
    );

    // Warm up every side at every size first, so the smallest size does not pay for compiling the code.
    for (const side of sides) {
      await timeAsyncMs(side.ours);
      await timeAsyncMs(side.oursFlattened);
      timeMs(side.peer);
    }
    // Rounds interleave sizes and sides, so a noisy moment hits all of them alike.
    for (let round = 0; round < rounds; round++) {
      for (const side of sides) {
        // The peer's last sample leaves megabytes of garbage; let the collector settle before timing
        // an operation that takes about a microsecond.
        await timeAsyncMs(side.ours);
        side.samples.ours.push(await timeAsyncMs(side.ours));
        side.samples.peer.push(timeMs(side.peer));
      }
    }
    // The flattening reads leave a 1.6 MB string behind each time; measured apart so they do not
    // weigh on the splice samples.
    const largestSide = sides.at(-1)!;
    for (let round = 0; round < rounds; round++) largestSide.samples.oursFlattened.push(await timeAsyncMs(largestSide.oursFlattened));

    const figures: BenchFigure[] = sides.map((side) => ({
      id: `splice-cost-${side.size.id}`,
      unit: 'ms/write',
      peerName: PEER,
      environment: 'node',
      ours: side.samples.ours,
      peer: side.samples.peer,
    }));
    const oursBySize = sides.map((side) => side.samples.ours);
    const peerBySize = sides.map((side) => side.samples.peer);
    const flattened = { ours: largestSide.samples.oursFlattened, peer: largestSide.samples.peer };

    // Growth from the smallest to the largest document, round by round: near 1 when the splice does not
    // copy the page. The peer's growth is shown beside it.
    const growth = (bySize: number[][]) => bySize.at(-1)!.map((largest, round) => largest / bySize[0]![round]!);
    figures.push({
      id: 'splice-growth',
      unit: `× (1.6 MB / 10 KB)`,
      peerName: `${PEER}, same growth`,
      environment: 'node',
      ours: growth(oursBySize),
      peer: growth(peerBySize),
    });
    figures.push({ id: 'splice-flattened-1.6m', unit: 'ms/write', peerName: PEER, environment: 'node', ...flattened });
    console.log(`  splice growth (median): ours ${median(growth(oursBySize)).toFixed(2)}×, peer ${median(growth(peerBySize)).toFixed(1)}×`);
    return figures;
  },
};

export default benchmark;
