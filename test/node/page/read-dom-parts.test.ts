import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contrastRatio, parseColor } from '../../../core/page/read-dom/colors.js';
import { readDOM } from '../../../core/page/read-dom/index.js';
import { OutputWriter } from '../../../core/page/read-dom/output-writer.js';
import { shortHref, shortPageURL } from '../../../core/page/read-dom/short-url.js';
import { clipAtWord, utf8Length } from '../../../core/page/read-dom/text.js';

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

test('text helpers: cuts at a word, counts UTF-8 bytes', () => {
  assert.equal(clipAtWord('one two three four', 10), 'one two…');
  assert.equal(clipAtWord('abcdefghijklmnop', 8), 'abcdefg…');
  assert.equal(clipAtWord('short', 12), 'short');
  assert.equal(utf8Length('aé€😀'), 1 + 2 + 3 + 4);
});

function lines(write: (out: OutputWriter) => void, textPerLine = 1000, limit = Infinity): string[] {
  const out = new OutputWriter(textPerLine, limit);
  write(out);
  return out.finish().lines;
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

test('plain text is held to its budget per line, with one … where it was cut', () => {
  assert.deepEqual(
    lines((out) => {
      out.text('alpha beta gamma delta epsilon ');
      out.token('[2]<button>');
      out.text(' zeta eta theta');
      out.endLine();
      out.text('next line starts afresh');
    }, 16),
    ['alpha beta… [2]<button>', 'next line start…'],
  );
});

test('the limit stops writing at a whole line and says so', () => {
  const out = new OutputWriter(1000, 25);
  for (let i = 0; i < 10; i++) out.line(`line number ${i}`);
  const written = out.finish();
  assert.deepEqual(written.lines, ['line number 0']);
  assert.equal(written.truncated, true);
  assert.equal(out.full, true);
});

test('outside a browser, readDOM says it needs a page instead of failing on a missing global', () => {
  assert.throws(() => readDOM(), /readDOM needs a page; call it in a browser, or pass options.document or options.scope/);
});
