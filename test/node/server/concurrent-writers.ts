import assert from 'node:assert/strict';
import { EDITOR_HEADERS } from './page-fixtures.js';

/** A page whose one region holds a marker per writer: `<li data-writer="3">w3: 1 2 3</li>`. */
export function concurrencyPage(writers: number): string {
  const markers = Array.from({ length: writers }, (_, writer) => `<li data-writer="${writer}">w${writer}:</li>`).join('\n');
  return `<!doctype html>\n<html><head><title>Log</title></head><body>\n<h1>Log</h1>\n<ul data-agent-element="log">\n${markers}\n</ul>\n<p>end</p>\n</body></html>\n`;
}

function markerPattern(writer: number): RegExp {
  return new RegExp(`(<li data-writer="${writer}">w${writer}:)([^<]*)(</li>)`);
}

/** The write numbers a writer's marker holds in a page. */
export function writesInPage(html: string, writer: number): number[] {
  const match = markerPattern(writer).exec(html);
  assert.ok(match, `writer ${writer}'s marker is missing from the page`);
  return match[2]!.trim().split(/\s+/).filter(Boolean).map(Number);
}

export interface ConcurrencyFigures {
  readonly writers: number;
  readonly writes: number;
  readonly acknowledged: number;
  readonly lost: number;
  readonly conflicts: number;
  /** Whether every writer's marker lists exactly its writes 1..M, in order, once each. */
  readonly exact: boolean;
  /** Answers other than 200 and 412, by status: each is a failure. */
  readonly unexpected: Readonly<Record<string, number>>;
  readonly milliseconds: number;
}

/**
 * N writers × M writes over real HTTP. Each writer GETs the page, appends the number of its next
 * write to its own marker inside the region, and PUTs it with If-Match, starting over on 412. An
 * acknowledged write whose number is missing from the final page is a lost update.
 */
export async function runConcurrentWriters(options: { readonly origins: readonly string[]; readonly id: string; readonly writers: number; readonly writes: number }): Promise<ConcurrencyFigures> {
  const { origins, id, writers, writes } = options;
  const started = performance.now();
  const acknowledged: number[][] = Array.from({ length: writers }, () => []);
  const unexpected: Record<string, number> = {};
  let conflicts = 0;

  async function writer(index: number): Promise<void> {
    const url = `${origins[index % origins.length]}/api/pages/${id}`;
    for (let write = 1; write <= writes; write++) {
      for (let attempt = 0; ; attempt++) {
        assert.ok(attempt < 500, `writer ${index} could not land write ${write} in 500 attempts`);
        const read = await fetch(url);
        const html = await read.text();
        const etag = read.headers.get('etag')!;
        const next = html.replace(markerPattern(index), (_, open: string, numbers: string, close: string) => `${open}${numbers} ${write}${close}`);
        const saved = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/html; charset=utf-8', 'if-match': etag, ...EDITOR_HEADERS }, body: next });
        await saved.arrayBuffer();
        if (saved.status === 200) {
          acknowledged[index]!.push(write);
          break;
        }
        if (saved.status === 412) conflicts++;
        else unexpected[saved.status] = (unexpected[saved.status] ?? 0) + 1;
        if (saved.status !== 412) break;
      }
    }
  }

  await Promise.all(Array.from({ length: writers }, (_, index) => writer(index)));
  const final = await (await fetch(`${origins[0]}/api/pages/${id}`)).text();
  let lost = 0;
  let exact = true;
  const all = Array.from({ length: writes }, (_, write) => write + 1).join(' ');
  for (let index = 0; index < writers; index++) {
    const inPage = writesInPage(final, index);
    const present = new Set(inPage);
    lost += acknowledged[index]!.filter((write) => !present.has(write)).length;
    if (inPage.join(' ') !== all) exact = false;
  }
  return { writers, writes, acknowledged: acknowledged.flat().length, lost, conflicts, exact, unexpected, milliseconds: Math.round(performance.now() - started) };
}

/** The assertions every backend must pass, with the figures printed for the record. */
export function assertNoLostUpdates(label: string, figures: ConcurrencyFigures): void {
  process.stdout.write(`# concurrency ${label}: ${figures.writers} writers × ${figures.writes} writes, ${figures.acknowledged} acknowledged, ${figures.lost} lost, ${figures.conflicts} × 412, other ${JSON.stringify(figures.unexpected)}, ${figures.milliseconds} ms\n`);
  assert.deepEqual(figures.unexpected, {}, 'every conflict must be a 412');
  assert.equal(figures.acknowledged, figures.writers * figures.writes);
  assert.equal(figures.lost, 0);
  assert.ok(figures.exact, 'every marker lists its writes 1..M once each');
}
