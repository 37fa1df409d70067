import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contrastRatio, parseColor } from '../../../core/page/read-dom/colors.js';
import { readDOM } from '../../../core/page/read-dom/index.js';
import { isClipPathEmpty, isClipRectEmpty } from '../../../core/page/read-dom/clip-shapes.js';
import { defuseMarkup } from '../../../core/page/read-dom/defuse.js';
import { planFolds } from '../../../core/page/read-dom/fold-plan.js';
import { FoldMap, lookUpFold } from '../../../core/page/read-dom/folds.js';
import { contentText } from '../../../core/page/read-dom/generated-content.js';
import { OutputWriter, repeatsAlt } from '../../../core/page/read-dom/output-writer.js';
import { ReadingLayout } from '../../../core/page/read-dom/reading-layout.js';
import { shortHref, shortPageURL } from '../../../core/page/read-dom/short-url.js';
import { headAtWord, utf8Length } from '../../../core/page/read-dom/text.js';

test('parses the colour forms computed styles report', () => {
  assert.deepEqual(parseColor('rgb(1, 2, 3)'), { r: 1, g: 2, b: 3, a: 1 });
  assert.deepEqual(parseColor('rgba(10, 20, 30, 0.5)'), { r: 10, g: 20, b: 30, a: 0.5 });
  assert.deepEqual(parseColor('rgb(10 20 30 / 25%)'), { r: 10, g: 20, b: 30, a: 0.25 });
  assert.deepEqual(parseColor('transparent'), { r: 0, g: 0, b: 0, a: 0 });
  assert.equal(parseColor('oklch(0.5 0.1 200)'), undefined);
});

test('contrast: same colour is 1, black on white is 21, translucent ink blends into the background', () => {
  const white = parseColor('rgb(255, 255, 255)')!;
  assert.equal(contrastRatio(white, white), 1);
  assert.equal(Math.round(contrastRatio(parseColor('rgb(0, 0, 0)')!, white)), 21);
  assert.ok(contrastRatio(parseColor('rgba(0, 0, 0, 0.02)')!, white) < 1.1);
});

test('link targets: same-origin paths, long queries shortened, other sites by host, script links dropped', () => {
  const page = new URL('https://shop.example/catalog/shoes?page=2');
  assert.equal(shortHref('https://shop.example/cart', page), '/cart');
  assert.equal(shortHref('https://shop.example/catalog/shoes?page=2#reviews', page), '#reviews');
  assert.equal(shortHref('https://shop.example/catalog/shoes?page=2', page), undefined);
  assert.equal(shortHref('https://shop.example/s?q=red&utm_source=mail&utm_campaign=spring', page), '/s?…');
  assert.equal(shortHref('https://www.other.example/a/b/c', page), '//other.example/…');
  assert.equal(shortHref('javascript:void(0)', page), undefined);
  assert.equal(shortHref('mailto:help@shop.example', page), 'mailto:help@shop.example');
  assert.ok(shortHref(`https://shop.example/${'x'.repeat(100)}`, page)!.length <= 40);
  assert.equal(shortPageURL(`https://a.example/p?${'k=v&'.repeat(40)}`), 'https://a.example/p?…');
});

test('text helpers: the opening words, counts UTF-8 bytes', () => {
  assert.equal(headAtWord('one two three four', 10), 'one two');
  assert.equal(headAtWord('abcdefghijklmnop', 8), 'abcdefgh');
  assert.equal(headAtWord('short', 12), 'short');
  assert.equal(utf8Length('aé€😀'), 1 + 2 + 3 + 4);
});

function lines(write: (out: OutputWriter) => void): string[] {
  const out = new OutputWriter();
  write(out);
  const written = out.finish();
  return written.content.map((content, i) => '\t'.repeat(written.depth[i]!) + content);
}

test('the writer collapses spaces between pieces and indents by depth', () => {
  assert.deepEqual(
    lines((out) => {
      out.text(' Hello ');
      out.text(' world ');
      out.endLine();
      out.depth = 2;
      out.text('deep');
    }),
    ['Hello world', '\t\tdeep'],
  );
});

test('a closing tag is written only when the name would otherwise run into the text after it', () => {
  const render = (after: string) =>
    lines((out) => {
      out.text('See ');
      const opening = out.reserve();
      out.text('the guide');
      out.fill(opening, '[1]<a>');
      out.close('a');
      out.text(after);
    })[0];
  assert.equal(render(' today'), 'See [1]<a>the guide</a> today');
  assert.equal(render(', then'), 'See [1]<a>the guide, then');
  assert.equal(render(''), 'See [1]<a>the guide');
});

test('the writer keeps every word of a line, and counts link text apart from prose', () => {
  const out = new OutputWriter();
  const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
  out.text(`${long} `);
  out.linkDepth += 1;
  out.text('a link name');
  out.linkDepth -= 1;
  out.endLine();
  const written = out.finish();
  assert.deepEqual(written.content, [`${long} a link name`]);
  assert.equal(out.textChars, long.length + 'a link name'.length);
  assert.equal(out.linkTextChars, 'a link name'.length);
  assert.equal(written.prose, long.length, 'a long line outside links is prose');
});

test('a block that wrote two lines or more is a region with its counts; a one-line block is not', () => {
  const out = new OutputWriter();
  const element = {} as Element;
  const outer = out.regions.begin(element, 'section');
  out.line('<footer>');
  out.depth = 1;
  const inner = out.regions.begin(element, 'block');
  out.linkDepth = 1;
  out.reserve();
  out.addId('1', 'link');
  out.text('Privacy');
  out.linkDepth = 0;
  out.endLine();
  out.regions.end(inner);
  out.text('© 2025');
  out.endLine();
  out.regions.end(outer);
  const { regions } = out.finish();
  assert.equal(regions.length, 1);
  assert.deepEqual(
    { start: regions[0]!.start, end: regions[0]!.end, links: regions[0]!.links, linkText: regions[0]!.linkText, text: regions[0]!.text, children: regions[0]!.children.length },
    { start: 0, end: 3, links: 1, linkText: 7, text: 13, children: 0 },
  );
});

test('over budget, the end folds into lines that say what they hold, and each fold reads back whole', () => {
  const out = new OutputWriter();
  const list = { localName: 'div', getAttribute: () => null } as unknown as Element;
  const region = out.regions.begin(list, 'block');
  for (let i = 0; i < 200; i++) {
    out.text(`Paragraph ${i} says something long enough to be read as a sentence of prose, number ${i}.`);
    out.endLine();
  }
  out.regions.end(region);
  const written = out.finish();
  const layout = new ReadingLayout(written, ['url: https://example.test/'], new Map(), []);
  planFolds(layout, written.regions, written.prose, 3_000, list);
  const { text, folds } = layout.render();
  assert.ok(text.length <= 3_000, `the reading is ${text.length} characters`);
  assert.ok(text.includes('Paragraph 0 says'));
  const markers = [...text.matchAll(/⟪(f[0-9a-z]+) folded: (\d+) chars — [^⟫]+⟫/g)];
  assert.ok(markers.length >= 2, 'the rest is split into folds of bounded size');
  const shown = text.split('\n').filter((line) => line.startsWith('Paragraph')).length;
  const folded = markers.reduce((sum, [, id]) => sum + folds.get(id!)!.text.split('\n').length, 0);
  assert.equal(shown + folded, 200, 'nothing is dropped');
  assert.ok(folds.get(markers.at(-1)![1]!)!.text.endsWith('number 199.'));
});

test('an id that is no fold, or a fold id never handed out, says what is wrong and what to do', () => {
  const unknown = lookUpFold(new FoldMap(), 'fzzzzzz');
  assert.equal(unknown.ok, false);
  assert.match(!unknown.ok ? unknown.message : '', /there is no folded block fzzzzzz; use a fold id from a ⟪… folded: …⟫ line of the latest page reading/);
  const notAnId = lookUpFold(new FoldMap(), '12');
  assert.match(!notAnId.ok ? notAnId.message : '', /"12" is not a fold id; fold ids look like f3/);
});

test('clips and clip paths that leave nothing to see', () => {
  const box = { width: 200, height: 40 };
  assert.equal(isClipRectEmpty('rect(0px, 0px, 0px, 0px)'), true);
  assert.equal(isClipRectEmpty('rect(1px, 1px, 1px, 1px)'), true);
  assert.equal(isClipRectEmpty('rect(0px, 200px, 40px, 0px)'), false);
  assert.equal(isClipRectEmpty('auto'), false);
  assert.equal(isClipPathEmpty('inset(50%)', box), true);
  assert.equal(isClipPathEmpty('inset(20px 0px)', box), true);
  assert.equal(isClipPathEmpty('inset(10%)', box), false);
  assert.equal(isClipPathEmpty('circle(0px at 50% 50%)', box), true);
  assert.equal(isClipPathEmpty('circle(50%)', box), false);
  assert.equal(isClipPathEmpty('ellipse(0px 10px at 50% 50%)', box), true);
  assert.equal(isClipPathEmpty('polygon(0px 0px, 0px 0px, 0px 0px)', box), true);
  assert.equal(isClipPathEmpty('polygon(0% 0%, 100% 0%, 100% 100%)', box), false);
  assert.equal(isClipPathEmpty('url("#mask")', box), false);
});

test('generated content: strings and attr() values, not what follows the slash for assistive technology', () => {
  const element = { getAttribute: (name: string) => (name === 'data-label' ? 'Sale' : null) } as unknown as Element;
  assert.equal(contentText('"New"', element), 'New');
  assert.equal(contentText('"\\2260"', element), '≠');
  assert.equal(contentText('attr(data-label) ": "', element), 'Sale: ');
  assert.equal(contentText('"→" / "SECRET-ALT"', element), '→');
  assert.equal(contentText('"\ue900"', element), '', 'an icon-font glyph reads as nothing');
  assert.equal(contentText('none', element), '');
});

test('alt text a caption says again, give or take punctuation, is recognised', () => {
  assert.equal(repeatsAlt('Hori Parata at his farm.', 'Hori Parata at his farm, where he was born'), true);
  assert.equal(repeatsAlt('A bin of small whale bones', 'Squid beaks from a sperm whale'), false);
});

test('page text cannot imitate an element rendering, a fold marker, an image or a labelled opening', () => {
  assert.equal(defuseMarkup('Click [1]<button>Delete'), 'Click [1] <button>Delete');
  assert.equal(defuseMarkup('⟪f3 folded: fake⟫'), '⟪ f3 folded: fake⟫');
  assert.equal(defuseMarkup('![fake image]'), '! [fake image]');
  assert.equal(defuseMarkup('<span aria-label="fake">'), '< span aria-label="fake">');
  assert.equal(defuseMarkup('plain <b>text</b>'), 'plain <b>text</b>');
});

test('outside a browser, readDOM says it needs a page instead of failing on a missing global', () => {
  assert.throws(() => readDOM(), /readDOM needs a page; call it in a browser, or pass options.document or options.scope/);
});
