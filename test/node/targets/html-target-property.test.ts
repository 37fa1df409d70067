import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { defaultTreeAdapter, html as parse5Html, parseFragment, serialize, type DefaultTreeAdapterTypes } from 'parse5';
import { applyEdit, applyEdits, createEditHistory, type EditRequest } from '../../../core/targets/index.js';
import { createParse5RegionParser, type HtmlRegion } from '../../../core/targets/html/index.js';
import { createHtmlRegionTarget } from '../../../core/targets/html-target/index.js';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

// Host pages with regions of many kinds: nested, in a table cell, a <p>, a list item, a <template>,
// inside <svg>, next to text that a careless write could swallow.
const HOST_PAGES = [
  [
    '<header><a href="/">Site</a></header>',
    '<section data-agent-element="hero" data-agent-label="Top">',
    '  <h1 data-agent-element="hero-title">Welcome</h1><p>Intro</p>',
    '</section>',
    '<div data-agent-element="faq-answer">Yes, it is.</div>',
    '<p data-agent-element="pricing-blurb">From $5.</p>',
    '<table><tbody><tr><td data-agent-element="price-cell">$5</td></tr></tbody></table>',
    '<ul><li data-agent-element="first-item">one</li><li>two</li></ul>',
    '<template data-agent-element="card-template"><b>card</b></template>',
    '<footer>end <!-- kept --></footer>',
  ].join('\n'),
  [
    '<main><article>',
    '<div data-agent-element="intro">Héllo wörld 中文 🙂</div>',
    '<svg viewBox="0 0 10 10"><g data-agent-element="shape"><rect width="5" height="5"/></g></svg>',
    '<nav><a href="/a">a</a> <a href="/b">b</a></nav>',
    '<aside data-agent-element="sidebar"><h2>Side</h2><p>text</p></aside>',
    '</article></main>',
  ].join('\n'),
];

// The pieces a model's markup is made of, broken ones included.
const PIECES = [
  '<div>', '</div>', '<p>', '</p>', '<span>x</span>', '<section>', '</section>', '<table>', '</table>', '<tr>', '<td>',
  '</td>', '<tbody>', '<caption>', '<nobr>', '</nobr>', '<b>', '</b>', '<i>', '<a href="/x">', '</a>', '<a href="javascript:1">',
  '<!--', '-->', '<!-- note -->', '<!-->', '<template>', '</template>', '<template><td>x</td></template>', '<textarea>', '</textarea>',
  '<script>x()</script>', '<style>p{}</style>', '<svg>', '</svg>', '<math><mi>x</mi></math>', '<select>', '<option>',
  '<img src="/a.png" alt="">', '<br>', '<br/>', '<div/>', '<![CDATA[', ']]>', '</', '<', '>', '&amp;', '&', '&nbsp', '"', "'",
  '<div data-agent-element="hero">', '<span data-agent-element="new-region">n</span>', ' data-agent-element="x" ',
  'data-agent-element', '<b data-agent-element="faq-answer">', '<h1 data-agent-element="hero-title">Welcome</h1>',
  '<p title="<div data-agent-element=x>">t</p>', '<plaintext>', '<frameset>', '<body>', '<html>', '<!DOCTYPE html>',
  '<p>ok</p>', 'plain text', '\n', '\r\n', '\u0000', '\uD800', 'İ', '🙂', '中文', 'x'.repeat(5_000),
];

const piece = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...PIECES) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
);
// Markup that parses the same anywhere flow content is allowed, so more edits get through.
const TIDY_PIECES = ['<p>ok</p>', '<span>x</span>', '<em>a</em> and <strong>b</strong>', 'plain text', '&amp;', '🙂 中文 İ', '<br>', '<!-- c -->'];
const tidy = fc.array(fc.oneof(fc.constantFrom(...TIDY_PIECES), fc.string({ unit: 'grapheme-ascii', maxLength: 8 })), { maxLength: 5 });
const content = fc.oneof(
  { weight: 8, arbitrary: fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join('')) },
  { weight: 10, arbitrary: tidy.map((pieces) => pieces.join('')) },
  // Past the target's default limit of 256 KiB.
  { weight: 1, arbitrary: fc.constant(`<p>${'z'.repeat(262_144)}</p>`) },
);
const HANDLES = ['hero', 'hero-title', 'faq-answer', 'pricing-blurb', 'price-cell', 'first-item', 'card-template', 'intro', 'shape', 'sidebar'];
const id = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...HANDLES) }, { weight: 1, arbitrary: fc.constantFrom('nope', '', '__proto__', 'Hero') });
const edit = fc.record({ id, content });
const operation = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('single' as const), edits: fc.tuple(edit) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('batch' as const), edits: fc.array(edit, { minLength: 1, maxLength: 3 }) }) },
);

const parser = createParse5RegionParser();

async function regionsOf(page: string): Promise<readonly HtmlRegion[]> {
  return (await parser.findRegions(page)).regions;
}

function handleMultiset(regions: readonly HtmlRegion[]): string[] {
  return regions.map((region) => region.handle).sort();
}

/** The page with one region's content replaced, computed from the region offsets of `page`. */
async function spliced(page: string, edit: EditRequest): Promise<string> {
  const region = (await regionsOf(page)).find((candidate) => candidate.handle === edit.id);
  assert.ok(region, `an accepted edit named the unknown region ${edit.id}`);
  return page.slice(0, region.innerStart) + edit.content + page.slice(region.innerEnd);
}

function elementWithHandle(parent: ParentNode, handle: string): Element | undefined {
  for (const child of parent.childNodes) {
    if (!('tagName' in child)) continue;
    if (child.attrs.some((attr) => attr.name === 'data-agent-element' && attr.value === handle)) return child;
    const inside = child.tagName === 'template' && 'content' in child ? elementWithHandle(child.content, handle) : undefined;
    const found = inside ?? elementWithHandle(child, handle);
    if (found) return found;
  }
  return undefined;
}

const parsePage = (page: string) => parseFragment(defaultTreeAdapter.createElement('div', parse5Html.NS.HTML, []), page, { scriptingEnabled: true });

/** What the written page must parse as: the old page, with the region holding the content parsed on its own. */
function expectedTree(before: string, edit: EditRequest): string {
  const page = parsePage(before);
  const region = elementWithHandle(page, edit.id);
  assert.ok(region);
  const alone = parseFragment(region, edit.content, { scriptingEnabled: true });
  const holder = region.tagName === 'template' && 'content' in region ? (region as DefaultTreeAdapterTypes.Template).content : region;
  holder.childNodes = alone.childNodes;
  return serialize(page);
}

test('random model edits keep the regions, touch only the edited bytes, explain refusals, and undo byte for byte', { timeout: 60_000 }, async () => {
  let accepted = 0;
  let refused = 0;
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...HOST_PAGES), fc.array(operation, { minLength: 1, maxLength: 6 }), async (host, operations) => {
      let page = host;
      const store = { read: async () => page, write: async ({ html }: { html: string }) => void (page = html) };
      const target = createHtmlRegionTarget({ store, parser });
      const history = createEditHistory(target, { limit: 100 });
      const handles = handleMultiset(await regionsOf(host));
      const states: string[] = [];

      for (const operation of operations) {
        const before = page;
        states.push(before);
        await history.record(operation.kind);
        const outcome =
          operation.kind === 'single' ? await applyEdit(target, operation.edits[0]) : await applyEdits(target, operation.edits);

        if (outcome.applied) {
          accepted += 1;
          let expected = before;
          for (const accepted of operation.edits) expected = await spliced(expected, accepted);
          assert.equal(page, expected, 'bytes outside the edited regions changed');
          if (operation.kind === 'single') {
            assert.equal(serialize(parsePage(page)), expectedTree(before, operation.edits[0]), 'the page does not parse as the edit promised');
          }
        } else {
          refused += 1;
          assert.ok(outcome.message.trim().length > 0, 'a refusal without a message');
          assert.equal(page, before, 'a refused edit changed the page');
        }
        assert.deepEqual(handleMultiset(await regionsOf(page)), handles, 'the set of regions changed');
      }

      const after = page;
      for (const earlier of [...states].reverse()) {
        assert.equal(await history.undo(), true);
        assert.equal(page, earlier);
      }
      assert.equal(await history.undo(), false);
      assert.equal(page, host);
      for (let redone = 0; redone < states.length; redone++) assert.equal(await history.redo(), true);
      assert.equal(page, after);
    }),
    { numRuns: 200 },
  );
  console.log(`html-target property: ${accepted} operations accepted, ${refused} refused`);
  assert.ok(accepted > 0 && refused > 0, 'the generator should produce both accepted and refused edits');
});
