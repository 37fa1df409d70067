import assert from 'node:assert/strict';
import { test } from 'node:test';
import { defaultTreeAdapter, html as parse5Html, parseFragment, serialize, type DefaultTreeAdapterTypes } from 'parse5';
import { createParse5RegionParser, type HtmlRegionParser, type RegionTreeScan } from '../../../core/targets/html/index.js';
import { createHtmlRegionTarget } from '../../../core/targets/html-target/index.js';
import { createPageScans } from '../../../core/targets/html-target/page-scans.js';
import { compareContent, compareOutsideRegion } from '../../../core/targets/html-target/tree-difference.js';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

const PAGE = [
  '<header>top</header>',
  '<div data-agent-element="faq-answer">Yes.</div>',
  '<template data-agent-element="card"><b>card</b></template>',
  '<p data-agent-element="blurb">From $5.</p>',
  '<footer>end</footer>',
].join('\n');

/** The parse5 region parser, counting its scans and keeping every tree it hands out. */
function countingParser(options: { withTrees?: boolean } = {}) {
  const inner = createParse5RegionParser();
  const calls = { scans: 0, trees: [] as Array<{ html: string; tree: RegionTreeScan['tree'] }> };
  const parser: HtmlRegionParser = {
    async findRegions(html) {
      calls.scans += 1;
      return inner.findRegions(html);
    },
    checkWellFormed: (html) => inner.checkWellFormed(html),
    ...(options.withTrees === false
      ? {}
      : {
          async findRegionsWithTree(html: string) {
            calls.scans += 1;
            const scan = await inner.findRegionsWithTree!(html);
            calls.trees.push({ html, tree: scan.tree });
            return scan;
          },
        }),
  };
  return { parser, calls };
}

function memoryStore(initial = PAGE) {
  const store = {
    html: initial,
    async read() {
      return store.html;
    },
    async write({ html }: { html: string }) {
      store.html = html;
    },
  };
  return store;
}

const parsePage = (html: string) => parseFragment(defaultTreeAdapter.createElement('div', parse5Html.NS.HTML, []), html, { scriptingEnabled: true });

function elementWithHandle(parent: ParentNode, handle: string): Element | undefined {
  for (const child of parent.childNodes) {
    if (!('tagName' in child)) continue;
    if (child.attrs.some((attr) => attr.name === 'data-agent-element' && attr.value === handle)) return child;
    const found = elementWithHandle(child, handle);
    if (found) return found;
  }
  return undefined;
}

test('the page scans are kept by exact content: a repeat is free, any changed byte is scanned again', async () => {
  const { parser, calls } = countingParser();
  const scans = createPageScans(parser, 2);
  const first = await scans.scan(PAGE);
  assert.equal(await scans.scan(`${PAGE}`), first);
  assert.equal(calls.scans, 1);
  const changed = await scans.scan(PAGE.replace('Yes.', 'Yes!'));
  assert.notEqual(changed, first);
  assert.equal(calls.scans, 2);
  await scans.scan(PAGE.replace('Yes.', 'No.'));
  // Capacity 2: the least recently used scan (the first page) is gone.
  await scans.scan(PAGE);
  assert.equal(calls.scans, 4);
});

test('no scan is kept with capacity 0, and a refused scan is never kept', async () => {
  const { parser, calls } = countingParser();
  const none = createPageScans(parser, 0);
  await none.scan(PAGE);
  await none.scan(PAGE);
  assert.equal(calls.scans, 2);
  const kept = createPageScans(parser, 2);
  const broken = '<td data-agent-element="cell">x</td>';
  await assert.rejects(kept.scan(broken), /dropped|ignored/);
  await assert.rejects(kept.scan(broken), /dropped|ignored/);
  assert.equal(calls.scans, 4);
});

test('a parser without findRegionsWithTree still gets a tree, parsed once when first asked for', async () => {
  const { parser, calls } = countingParser({ withTrees: false });
  const scans = createPageScans(parser, 2);
  const scan = await scans.scan(PAGE);
  const tree = await scan.tree();
  assert.equal(await scan.tree(), tree);
  assert.equal(serialize(tree), serialize(parsePage(PAGE)));
  assert.equal((await scan.regionElement('blurb'))?.tagName, 'p');
  assert.equal(await scan.regionElement('missing'), undefined);
  assert.equal(calls.scans, 1);

  const target = createHtmlRegionTarget({ store: memoryStore(), parser });
  assert.deepEqual(await target.validate({ id: 'faq-answer', content: '<p>fine</p>' }), { ok: true });
  assert.equal((await target.validate({ id: 'faq-answer', content: '<div>open' })).ok, false);
});

test('validating reads the current page from the cache and leaves every cached tree as it was parsed', async () => {
  const { parser, calls } = countingParser();
  const store = memoryStore();
  const target = createHtmlRegionTarget({ store, parser });
  await target.listParts();
  assert.equal(calls.scans, 1);
  const verdicts = [];
  for (const content of ['<div>open', '<nobr>a', '</div>x', '<table><td>x', '<p>fine</p>', '<b>x</b><i>y']) {
    verdicts.push((await target.validate({ id: 'faq-answer', content })).ok);
  }
  assert.deepEqual(verdicts, [false, false, false, false, true, false]);
  // The current page was scanned once; each proposal scanned its own prospective page.
  assert.equal(calls.scans, 1 + 6);
  assert.ok(calls.trees.length > 2, 'prospective pages that scan cleanly hand back their trees');
  for (const { html, tree } of calls.trees) assert.equal(serialize(tree), serialize(parsePage(html)), 'a cached tree was changed');
});

test('after an accepted write the new page is already scanned', async () => {
  const { parser, calls } = countingParser();
  const store = memoryStore();
  const target = createHtmlRegionTarget({ store, parser });
  assert.deepEqual(await target.validate({ id: 'blurb', content: 'From $4.' }), { ok: true });
  await target.replacePart({ id: 'blurb', content: 'From $4.' });
  const scansBefore = calls.scans;
  assert.equal(await target.readPart({ id: 'blurb' }), 'From $4.');
  assert.equal(calls.scans, scansBefore);
});

test('a <template> region is checked against its template content', async () => {
  const store = memoryStore();
  const target = createHtmlRegionTarget({ store, parser: createParse5RegionParser() });
  assert.deepEqual(await target.validate({ id: 'card', content: '<tr><td>row</td></tr>' }), { ok: true });
  assert.deepEqual(await target.validate({ id: 'card', content: '<i>new card</i>' }), { ok: true });
  const unclosed = await target.validate({ id: 'card', content: '<b>x</template><p>y' });
  assert.equal(unclosed.ok, false);
  await target.replacePart({ id: 'card', content: '<i>new card</i>' });
  assert.equal(store.html, PAGE.replace('<b>card</b>', '<i>new card</i>'));
});

test('cachedParses must be a non-negative integer', () => {
  const parser = createParse5RegionParser();
  assert.throws(() => createHtmlRegionTarget({ store: memoryStore(), parser }, { cachedParses: -1 }), /cachedParses/);
  assert.throws(() => createHtmlRegionTarget({ store: memoryStore(), parser }, { cachedParses: 1.5 }), /cachedParses/);
  assert.doesNotThrow(() => createHtmlRegionTarget({ store: memoryStore(), parser }, { cachedParses: 0 }));
});

test('the tree comparison sees text, attributes, namespaces and moves, and skips only the region content', () => {
  const before = parsePage('<p class="a">x</p><div data-agent-element="r"><b>old</b></div><span>y</span>');
  const region = elementWithHandle(before, 'r')!;
  const same = parsePage('<p class="a">x</p><div data-agent-element="r">new <i>content</i></div><span>y</span>');
  const found = compareOutsideRegion(before, same, region);
  assert.ok('regionAfter' in found && found.regionAfter.tagName === 'div');

  const changes = [
    '<p class="b">x</p><div data-agent-element="r"></div><span>y</span>',
    '<p class="a">X</p><div data-agent-element="r"></div><span>y</span>',
    '<p class="a">x</p><div data-agent-element="r" hidden></div><span>y</span>',
    '<p class="a">x</p><div data-agent-element="r"></div><span>y</span><!-- c -->',
    '<p class="a">x</p><div data-agent-element="r"></div><span><svg></svg></span>',
    '<p class="a">x<div data-agent-element="r"></div></p><span>y</span>',
  ];
  for (const changed of changes) {
    assert.ok('difference' in compareOutsideRegion(before, parsePage(changed), region), changed);
  }
  // The same markup in another namespace is a different tree.
  const htmlTitle = parsePage('<title>t</title>');
  const svgTitle = parsePage('<svg><title>t</title></svg>').childNodes[0] as Element;
  assert.notEqual(compareContent(htmlTitle, svgTitle), undefined);
  assert.equal(compareContent(parsePage('<b>x</b>'), parsePage('<div><b>x</b></div>').childNodes[0] as Element), undefined);
});
