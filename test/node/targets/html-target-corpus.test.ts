import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { html5libFolder, html5libInputs } from '../../support/html5lib-corpus.js';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { createParse5RegionParser } from '../../../core/targets/html/index.js';
import { createHtmlRegionTarget } from '../../../core/targets/html-target/index.js';
import { loadParse5, type Parse5 } from '../../../core/targets/lazy-parse5.js';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

const corpusFolder = html5libFolder;
const corpusInputs = html5libInputs;

const HOST_PAGE = [
  '<section data-agent-element="hero"><h1>Welcome</h1></section>',
  '<div data-agent-element="faq-answer">Yes.</div>',
  '<p data-agent-element="pricing-blurb">From $5.</p>',
  '<table><tr><td data-agent-element="price-cell">$5</td></tr></table>',
  '<footer>end</footer>',
].join('\n');

function elementWithHandle(parent: ParentNode, handle: string): Element | undefined {
  for (const child of parent.childNodes) {
    if (!('tagName' in child)) continue;
    if (child.attrs.some((attr) => attr.name === 'data-agent-element' && attr.value === handle)) return child;
    const found = elementWithHandle(child, handle);
    if (found) return found;
  }
  return undefined;
}

/** Today's page tree with the region's children replaced by the content parsed alone in the region's element. */
function expectedTree(parse5: Parse5, handle: string, content: string): string {
  const div = () => parse5.defaultTreeAdapter.createElement('div', parse5.html.NS.HTML, []);
  const page = parse5.parseFragment(div(), HOST_PAGE, { scriptingEnabled: true });
  const region = elementWithHandle(page, handle);
  assert.ok(region);
  const alone = parse5.parseFragment(region, content, { scriptingEnabled: true });
  region.childNodes = alone.childNodes;
  return parse5.serialize(page);
}

test('html5lib corpus as region content: every accepted write is byte-exact outside and parses as expected', { timeout: 120_000 }, async () => {
  assert.ok(existsSync(corpusFolder), `html5lib corpus not found at ${corpusFolder}; it belongs in ../shared/corpus next to the repo`);
  const inputs = corpusInputs();
  assert.ok(inputs.length > 1000, `expected the full corpus, read ${inputs.length} cases`);
  const parse5 = await loadParse5();
  const parser = createParse5RegionParser();
  const { regions } = await parser.findRegions(HOST_PAGE);
  const handles = ['hero', 'faq-answer', 'pricing-blurb', 'price-cell'];
  const counts = new Map(handles.map((handle) => [handle, { accepted: 0, refused: 0 }]));
  const silentCorruptions: string[] = [];

  for (const handle of handles) {
    const region = regions.find((candidate) => candidate.handle === handle);
    assert.ok(region);
    const before = HOST_PAGE.slice(0, region.innerStart);
    const after = HOST_PAGE.slice(region.innerEnd);
    const count = counts.get(handle)!;
    for (const data of inputs) {
      let html = HOST_PAGE;
      const store = { read: async () => html, write: async (args: { html: string }) => void (html = args.html) };
      const target = createHtmlRegionTarget({ store, parser });
      const verdict = await target.validate({ id: handle, content: data });
      if (!verdict.ok) {
        count.refused += 1;
        assert.ok(verdict.message.length > 20, `refusal without a message for ${JSON.stringify(data)}`);
        continue;
      }
      count.accepted += 1;
      await target.replacePart({ id: handle, content: data });
      const written = html;
      if (!written.startsWith(before) || !written.endsWith(after) || written.length !== before.length + data.length + after.length) {
        silentCorruptions.push(`${handle} bytes ${JSON.stringify(data)}`);
        continue;
      }
      const actualTree = parse5.serialize(parse5.parseFragment(parse5.defaultTreeAdapter.createElement('div', parse5.html.NS.HTML, []), written, { scriptingEnabled: true }));
      if (actualTree !== expectedTree(parse5, handle, data)) silentCorruptions.push(`${handle} tree ${JSON.stringify(data)}`);
    }
  }
  for (const [handle, { accepted, refused }] of counts) {
    console.log(`html-region target, ${inputs.length} html5lib inputs as "${handle}" content: ${accepted} accepted, ${refused} refused`);
    assert.ok(accepted > 0 && refused > 0);
  }
  console.log(`silent corruptions: ${silentCorruptions.length}`);
  assert.deepEqual(silentCorruptions.slice(0, 20), []);
});
