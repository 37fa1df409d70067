import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { html5libFolder, html5libInputs } from '../../support/html5lib-corpus.js';
import { RegionScanError, createParse5RegionParser } from '../../../core/targets/html/index.js';

const corpusFolder = html5libFolder;
const corpusInputs = html5libInputs;

/** A document built around one corpus input, and the inner content each planted region must have. */
interface Placement {
  readonly name: string;
  readonly html: string;
  readonly expected: ReadonlyMap<string, string>;
}

function placements(data: string): Placement[] {
  const inside = `<span data-agent-element="zeta">${data}</span>`;
  return [
    {
      name: 'around',
      html: `<section data-agent-element="alpha">${data}</section><p data-agent-element="beta">x</p>`,
      expected: new Map([['alpha', data], ['beta', 'x']]),
    },
    { name: 'before', html: `${data}<div data-agent-element="gamma">y</div>`, expected: new Map([['gamma', 'y']]) },
    { name: 'after', html: `<div data-agent-element="delta">z</div>${data}`, expected: new Map([['delta', 'z']]) },
    {
      name: 'inside',
      html: `<article data-agent-element="epsilon" data-agent-role="region" data-agent-label="L">${inside}</article>`,
      expected: new Map([['epsilon', inside], ['zeta', data]]),
    },
  ];
}

test('html5lib corpus: every planted region is found at its exact offsets or the scan is refused', { timeout: 60_000 }, async () => {
  assert.ok(existsSync(corpusFolder), `html5lib corpus not found at ${corpusFolder}; CI places it in ../shared/corpus`);
  const inputs = corpusInputs();
  assert.ok(inputs.length > 1000, `expected the full corpus, read ${inputs.length} cases`);
  const parser = createParse5RegionParser();
  let found = 0;
  let refused = 0;
  let closedByData = 0;
  const silentErrors: string[] = [];
  const refusalCodes = new Map<string, number>();

  for (const data of inputs) {
    const report = await parser.checkWellFormed(data);
    if (!report.ok) {
      assert.ok(report.problems.length > 0 || report.reason.length > 0);
      for (const problem of report.problems) {
        assert.ok(problem.line >= 1 && problem.column >= 1 && problem.message.startsWith(`line ${problem.line}, column ${problem.column}: `), problem.message);
      }
    }
    for (const placement of placements(data)) {
      try {
        const { regions } = await parser.findRegions(placement.html);
        const handles = regions.map((region) => region.handle).sort();
        if (handles.join() !== [...placement.expected.keys()].sort().join()) {
          silentErrors.push(`${placement.name} ${JSON.stringify(data)}: regions ${handles.join()}`);
          continue;
        }
        for (const region of regions) {
          const slice = placement.html.slice(region.innerStart, region.innerEnd);
          const outer = placement.html.slice(region.outerStart, region.outerEnd);
          const planted = placement.expected.get(region.handle) ?? '';
          // A planted input may itself hold the region's end tag (say "</span>"); the region then
          // truly ends there, and the slice must stop exactly at that end tag.
          if (slice !== planted && planted.startsWith(slice) && planted.slice(slice.length).toLowerCase().startsWith(`</${region.tagName}`)) {
            closedByData += 1;
            continue;
          }
          if (slice !== planted || !outer.startsWith(`<${region.tagName}`) || !outer.endsWith(`</${region.tagName}>`)) {
            silentErrors.push(`${placement.name} ${JSON.stringify(data)}: ${region.handle} at [${region.innerStart}, ${region.innerEnd}) holds ${JSON.stringify(slice)}`);
          }
        }
        found += regions.length;
      } catch (error) {
        assert.ok(error instanceof RegionScanError, `unexpected ${String(error)} for ${JSON.stringify(placement.html)}`);
        assert.ok(error.refusals.length > 0 && error.refusals.every((refusal) => refusal.reason.length > 20));
        refused += 1;
        for (const refusal of error.refusals) refusalCodes.set(refusal.code, (refusalCodes.get(refusal.code) ?? 0) + 1);
      }
    }
  }

  console.log(
    `html5lib corpus, ${inputs.length} cases x 4 placements: ${found} regions found, ${refused} documents refused, ${silentErrors.length} silent errors (${closedByData} regions ended early by an end tag in the input itself)`,
  );
  console.log(`refusals by reason: ${[...refusalCodes].map(([code, count]) => `${code} ${count}`).join(', ')}`);
  assert.deepEqual(silentErrors.slice(0, 20), []);
  assert.ok(found > 0 && refused > 0);
});
