import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  RegionScanError,
  createParse5RegionParser,
  describeHandleProblem,
  isValidRegionHandle,
  type HtmlRegion,
  type RegionRefusalCode,
} from '../../../core/targets/html/index.js';

const parser = createParse5RegionParser();

async function regionsOf(html: string): Promise<readonly HtmlRegion[]> {
  return (await parser.findRegions(html)).regions;
}

function inner(html: string, region: HtmlRegion | undefined): string {
  assert.ok(region, 'region missing');
  return html.slice(region.innerStart, region.innerEnd);
}

async function refusalCodes(html: string): Promise<RegionRefusalCode[]> {
  try {
    await parser.findRegions(html);
  } catch (error) {
    assert.ok(error instanceof RegionScanError, `expected a RegionScanError, got ${String(error)}`);
    assert.match(error.message, /data-agent-element|region|handle/i);
    return error.refusals.map((refusal) => refusal.code);
  }
  assert.fail(`expected ${JSON.stringify(html)} to be refused`);
}

describe('handle grammar', () => {
  test('accepts lowercase words joined by single hyphens', () => {
    for (const handle of ['hero', 'pricing-table', 'step-2', 'a'.repeat(64)]) assert.equal(isValidRegionHandle(handle), true, handle);
  });
  test('refuses everything else with a reason', () => {
    for (const handle of ['', 'Hero', 'two  words', 'a--b', '-a', 'a-', '2nd', 'a_b', 'a"]', 'é', 'a'.repeat(65)]) {
      assert.equal(isValidRegionHandle(handle), false, handle);
      assert.ok((describeHandleProblem(handle) ?? '').length > 10);
    }
  });
});

describe('findRegions', () => {
  test('returns handle, role, label and exact inner and outer offsets', async () => {
    const html = '<p>intro</p>\n<section data-agent-element="hero" data-agent-role="region" data-agent-label="<b>Top</b>">Hello <em>world</em></section>';
    const [hero, ...rest] = await regionsOf(html);
    assert.equal(rest.length, 0);
    assert.equal(hero?.handle, 'hero');
    assert.equal(hero?.role, 'region');
    assert.equal(hero?.label, '<b>Top</b>', 'the label comes back as the literal attribute text');
    assert.equal(hero?.tagName, 'section');
    assert.equal(inner(html, hero), 'Hello <em>world</em>');
    assert.equal(html.slice(hero!.outerStart, hero!.outerEnd), html.slice(13));
  });

  test('offsets index the JavaScript string, across CRLF, astral characters and a BOM', async () => {
    const html = '\uFEFF<p>😀\r\n</p><div data-agent-element="a">é😀\r\nx</div>';
    const [a] = await regionsOf(html);
    assert.equal(inner(html, a), 'é😀\r\nx');
  });

  test('finds nested regions in document order, outer first', async () => {
    const html = '<main data-agent-element="page"><h1>T</h1><div data-agent-element="body-copy"><p>a</p></div></main>';
    const regions = await regionsOf(html);
    assert.deepEqual(regions.map((region) => region.handle), ['page', 'body-copy']);
    assert.equal(inner(html, regions[0]), '<h1>T</h1><div data-agent-element="body-copy"><p>a</p></div>');
    assert.equal(inner(html, regions[1]), '<p>a</p>');
  });

  test('walks into template content', async () => {
    const html = '<template><div data-agent-element="card"><span data-agent-element="card-title">T</span></div></template>';
    const regions = await regionsOf(html);
    assert.deepEqual(regions.map((region) => region.handle), ['card', 'card-title']);
    assert.equal(inner(html, regions[1]), 'T');
  });

  test('mentions in closed comments, scripts, textareas and attribute values are not regions', async () => {
    const html = [
      '<!-- <div data-agent-element="old">x</div> -->',
      '<script>const s = \'<div data-agent-element="js">\';</script>',
      '<textarea><p data-agent-element="typed">t</p></textarea>',
      '<p title=\'data-agent-element="no"\'>t</p>',
      '<p>Use data-agent-element to tag a region.</p>',
      '<div data-agent-element="real">r</div>',
    ].join('');
    const regions = await regionsOf(html);
    assert.deepEqual(regions.map((region) => region.handle), ['real']);
    assert.equal(inner(html, regions[0]), 'r');
  });

  test('an uppercase attribute name is the same attribute', async () => {
    const html = '<div DATA-AGENT-ELEMENT="up">u</div>';
    assert.equal(inner(html, (await regionsOf(html))[0]), 'u');
  });

  test('characters that lowercase to two code units do not shift where mentions are looked for', async () => {
    // "İ".toLowerCase() is two code units long; offsets taken from a lowercased copy would drift.
    const html = `<p>${'İ'.repeat(60)}</p><!-- data-agent-element --><div data-agent-element="after">a</div><p title="${'İ'.repeat(40)} data-agent-element">t</p>`;
    const regions = await regionsOf(html);
    assert.deepEqual(regions.map((region) => region.handle), ['after']);
    assert.equal(inner(html, regions[0]), 'a');
    assert.deepEqual(await refusalCodes(`<p>${'İ'.repeat(60)}</p><!-- <div data-agent-element="lost">x</div>`), ['swallowed-by-text']);
  });
});

describe('findRegions refusals', () => {
  const cases: Array<[string, string, RegionRefusalCode]> = [
    ['an invalid handle', '<div data-agent-element="Not Valid">x</div>', 'invalid-handle'],
    ['an empty handle', '<div data-agent-element>x</div>', 'invalid-handle'],
    ['a void element', '<img data-agent-element="pic" src="a.png">', 'void-element'],
    ['an implied end tag', '<ul><li data-agent-element="item">one<li>two</ul>', 'no-closing-tag'],
    ['an element left open at the end', '<div data-agent-element="tail">x', 'no-closing-tag'],
    ['the attribute written twice', '<div data-agent-element="a" data-agent-element="b">x</div>', 'duplicate-attribute'],
    ['two regions sharing a handle', '<div data-agent-element="a">x</div><p data-agent-element="a">y</p>', 'duplicate-handle'],
    ['a table cell outside a table', '<td data-agent-element="cell">x</td>', 'dropped-by-parser'],
    ['a second body tag', '<body data-agent-element="page">x</body>', 'dropped-by-parser'],
    ['a formatting element reopened by the parser', '<b data-agent-element="bold"><p>x</b>y</p>', 'copied-by-parser'],
    ['a region swallowed by an unclosed comment', '<!-- note <div data-agent-element="gone">x</div>', 'swallowed-by-text'],
    ['a region swallowed by an unclosed textarea', '<textarea><div data-agent-element="gone">x</div>', 'swallowed-by-text'],
    ['a region swallowed by a bogus comment', '</ <div data-agent-element="gone">x</div>', 'swallowed-by-text'],
    ['a region swallowed by an unclosed quote', '<img alt="><div data-agent-element="gone">x</div>', 'swallowed-by-text'],
    ['a region swallowed by plaintext', '<plaintext><div data-agent-element="gone">x</div>', 'swallowed-by-text'],
    ['a tag cut off at the end', '<div data-agent-element="cut"', 'swallowed-by-text'],
  ];
  for (const [name, html, code] of cases) {
    test(`refuses ${name}`, async () => {
      assert.ok((await refusalCodes(html)).includes(code), `expected ${code}`);
    });
  }

  test('names the handle and the fix in the reason', async () => {
    await assert.rejects(parser.findRegions('<section data-agent-element="hero">x'), (error: unknown) => {
      assert.ok(error instanceof RegionScanError);
      assert.equal(error.refusals[0]?.handle, 'hero');
      assert.match(error.message, /"hero".*<\/section>/);
      return true;
    });
  });
});

describe('checkWellFormed', () => {
  test('accepts clean HTML, including optional end tags', async () => {
    assert.deepEqual(await parser.checkWellFormed('<div><ul><li>a<li>b</ul><p>one<p>two</div>'), { ok: true });
  });

  test('locates an unexpected end tag by line and column', async () => {
    const report = await parser.checkWellFormed('<div>\n  <p>a</p>\n  <em>b</em></span>\n</div>');
    assert.equal(report.ok, false);
    if (report.ok) return;
    assert.equal(report.problems.length, 1);
    assert.equal(report.problems[0]?.code, 'unexpected-end-tag');
    assert.match(report.problems[0]?.message ?? '', /^line 3, column 13: "<\/span>" — unexpected end tag <\/span>/);
    assert.match(report.reason, /line 3, column 13/);
  });

  test('reports elements closed by an outer end tag and elements never closed', async () => {
    const report = await parser.checkWellFormed('<section><b>x</section>\n<div>open');
    assert.equal(report.ok, false);
    if (report.ok) return;
    const codes = report.problems.map((problem) => problem.code);
    assert.ok(codes.includes('end-tag-closes-open-elements'), codes.join());
    assert.ok(report.problems.some((problem) => problem.code === 'element-left-open' && problem.line === 2), codes.join());
  });

  test('reports tokenizer errors from parse5 in words', async () => {
    const report = await parser.checkWellFormed('<p class="a" class="b">x</p>');
    assert.equal(report.ok, false);
    if (report.ok) return;
    assert.match(report.problems[0]?.message ?? '', /^line 1, column \d+: .*attribute appears twice/);
  });

  test('includes region refusals', async () => {
    const report = await parser.checkWellFormed('<td data-agent-element="cell">x</td>');
    assert.equal(report.ok, false);
    if (!report.ok) assert.match(report.reason, /ignored 1/);
  });
});

test('the region parser loads parse5 only on demand (type-only imports), so bundles can split it out', () => {
  const folder = new URL('../../../core/targets/html/', import.meta.url);
  const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));
  assert.ok(files.length > 3);
  for (const name of files) {
    const source = readFileSync(new URL(name, folder), 'utf8');
    const valueImports = source.match(/^import(?! type)[^;]*from 'parse5'/gm) ?? [];
    assert.deepEqual(valueImports, [], `${name} imports parse5 eagerly`);
  }
});
