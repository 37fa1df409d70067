import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEdit, applyEdits } from '../../../core/targets/apply-edit.js';
import { createParse5RegionParser } from '../../../core/targets/html/index.js';
import { HTML_DOCUMENT_SNAPSHOT_KEY, createHtmlRegionTarget, type HtmlDocumentStore } from '../../../core/targets/html-target/index.js';
import { compareDocuments } from '../../../core/targets/html-target/document-check.js';
import { parseDocument } from '../../../core/targets/html-target/page-document.js';
import { loadParse5 } from '../../../core/targets/lazy-parse5.js';

const HOST_PAGE = [
  '<header><a href="/">Site</a></header>',
  '<section data-agent-element="hero" data-agent-role="region" data-agent-label="Hero <b>banner</b>">',
  '  <h1 data-agent-element="hero-title">Welcome</h1><p>Intro</p>',
  '</section>',
  '<div data-agent-element="faq-answer">Yes, it is.</div>',
  '<p data-agent-element="pricing-blurb">From $5.</p>',
  '<table><tbody><tr><td data-agent-element="price-cell">$5</td></tr></tbody></table>',
  '<footer>end</footer>',
].join('\n');

function memoryStore(initial = HOST_PAGE): HtmlDocumentStore & { html: string; writes: number } {
  const store = {
    html: initial,
    writes: 0,
    async read() {
      return store.html;
    },
    async write({ html }: { html: string }) {
      store.html = html;
      store.writes += 1;
    },
  };
  return store;
}

function setup(maxPartLength?: number) {
  const store = memoryStore();
  const target = createHtmlRegionTarget({ store, parser: createParse5RegionParser() }, maxPartLength === undefined ? {} : { maxPartLength });
  return { store, target };
}

/** The page's bytes before and after a region's inner source, located by the region parser. */
async function around(html: string, id: string): Promise<[string, string]> {
  const { regions } = await createParse5RegionParser().findRegions(html);
  const region = regions.find((candidate) => candidate.handle === id);
  assert.ok(region, id);
  return [html.slice(0, region.innerStart), html.slice(region.innerEnd)];
}

async function refusal(id: string, content: string, maxPartLength?: number): Promise<string> {
  const { target, store } = setup(maxPartLength);
  const verdict = await target.validate({ id, content });
  assert.equal(verdict.ok, false, `expected a refusal of ${JSON.stringify(content)} in ${id}`);
  assert.equal(store.writes, 0);
  return verdict.ok ? '' : verdict.message;
}

test('listParts publishes every region with its role and label as given', async () => {
  const { target } = setup();
  assert.deepEqual(await target.listParts(), [
    { id: 'hero', role: 'region', label: 'Hero <b>banner</b>' },
    { id: 'hero-title' },
    { id: 'faq-answer' },
    { id: 'pricing-blurb' },
    { id: 'price-cell' },
  ]);
  assert.equal(await target.readPart({ id: 'price-cell' }), '$5');
  assert.equal(await target.readPart({ id: 'hero' }), '\n  <h1 data-agent-element="hero-title">Welcome</h1><p>Intro</p>\n');
  await assert.rejects(target.readPart({ id: 'nope' }), /no region "nope"/);
});

test('good writes are accepted and leave every byte outside the region identical', async () => {
  const writes: Array<[string, string]> = [
    ['hero', '<h1 data-agent-element="hero-title">Hello</h1><p>New <em>intro</em> &amp; more</p><ul><li>a</li><li>b</ul>'],
    ['faq-answer', 'No.<br><div><p>Really<p>not</div><a href="https://example.com/x">see</a>'],
    ['pricing-blurb', 'From <b>$4</b>, <img src="/p.png" alt="price"> only.'],
    ['price-cell', '<span>$4</span><table><tr><td>nested</td></tr></table>'],
    ['hero-title', 'Hi <small>there</small>'],
  ];
  for (const [id, content] of writes) {
    const { target, store } = setup();
    const [before, after] = await around(store.html, id);
    const outcome = await applyEdit(target, { id, content });
    assert.deepEqual(outcome, { applied: true, id }, JSON.stringify(outcome));
    assert.equal(store.html, before + content + after);
    assert.equal(await target.readPart({ id }), content);
  }
});

test('an unpublished id or an oversized content is refused', async () => {
  assert.match(await refusal('footer', 'x'), /no region "footer".*"hero", "hero-title", "faq-answer"/);
  assert.match(await refusal('faq-answer', 'x'.repeat(11), 10), /11 characters; the limit is 10/);
  assert.throws(() => createHtmlRegionTarget({ store: memoryStore(), parser: createParse5RegionParser() }, { maxPartLength: 0 }), /maxPartLength/);
});

test('content that invents, deletes or duplicates a handle is refused', async () => {
  assert.match(await refusal('faq-answer', '<span data-agent-element="promo">x</span>'), /adds a new region "promo"/);
  assert.match(await refusal('hero', '<h1>Welcome</h1>'), /removes the region "hero-title"/);
  const twice = '<h1 data-agent-element="hero-title">a</h1><h2 data-agent-element="hero-title">b</h2>';
  assert.match(await refusal('hero', twice), /hero-title/);
  assert.match(await refusal('faq-answer', '<i data-agent-element="pricing-blurb">x</i>'), /pricing-blurb/);
});

test('the content policy refuses active content, naming what and where', async () => {
  const cases: Array<[string, RegExp]> = [
    ['<script>alert(1)</script>', /<script>: scripts are not allowed/],
    ['<svg><script>alert(1)</script></svg>', /<script>: scripts/],
    ['<img src="x.png" onerror="alert(1)">', /<img src="x.png" onerror=.*onerror runs script/],
    ['<a href=" jav&#x09;ascript:alert(1)">x</a>', /href uses a javascript: URL/],
    ['<img src="data:image/svg+xml,<svg/onload=alert(1)>">', /src uses a data: URL/],
    ['<img srcset="a.png 1x, javascript:alert(1) 2x">', /srcset holds a javascript: URL/],
    ['<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', /xlink:href uses a javascript: URL/],
    ['<form action="javascript:alert(1)"><button formaction="data:text/html,x">go</button></form>', /<form .*can send what visitors type.*action attribute sends a form.*formaction attribute sends a form/],
    ['<video poster="javascript:alert(1)"></video>', /poster uses a javascript: URL/],
    ['<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>', /<animate .*animating href/],
    ['<svg><a href="/ok"><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>', /<set .*animating href/],
    ['<svg><rect><set attributeName="onclick" to="alert(1)"/></rect></svg>', /<set .*animating onclick/],
    ['<svg><animateTransform attributeName="transform" type="rotate"/></svg>', /SVG animation such as <animateTransform>/],
    ['<base href="https://evil.example/">', /<base href=.*change how every link/],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">', /<meta http-equiv/],
    ['<select><option>a</option></select>', /<select>: <select> content is parsed differently/],
    ['<iframe srcdoc="<b>x</b>"></iframe>', /<iframe srcdoc/],
    ['<object data="x.swf"></object>', /<object/],
    ['<embed src="x.swf">', /<embed/],
    ['<template><img src=x onload=alert(1)></template>', /onload runs script/],
    ['<iframe sandbox="allow-same-origin allow-scripts" src="/x"></iframe>', /<iframe sandbox=.*<iframe> loads another document/],
    ['<frame src="/x">', /<frame src="\/x">: <frame> loads another document/],
    ['<portal src="/x"></portal>', /<portal> loads another document/],
    ['<applet code="x"></applet>', /<applet/],
    ['<link rel="stylesheet" href="/x.css">', /<link rel=.*loads stylesheets/],
    ['<meta charset="utf-8">', /<meta charset=.*<meta> can redirect/],
    ['<style>body{display:none}</style>', /<style>: <style> restyles the whole page/],
    ['<svg><style>*{}</style></svg>', /<style>: <style> restyles/],
    ['<p style="position:fixed;inset:0">x</p>', /<p style=.*the style attribute can restyle/],
    ['<input name="q" form="login">', /the form attribute attaches this control/],
    ['<math><mi href="javascript:alert(1)">x</mi></math>', /href uses a javascript: URL/],
    ['<a href="/x" ping="https://ok.example/p javascript:alert(1)">x</a>', /ping holds a javascript: URL/],
    ['<table background="&#x20;vbscript:x"><tr><td>x</td></tr></table>', /background uses a vbscript: URL/],
    ['<div srcdoc="<b>x</b>">x</div>', /srcdoc attribute embeds a whole document/],
  ];
  for (const [content, expected] of cases) {
    assert.match(await refusal('faq-answer', content), expected, content);
  }
});

const FULL_PAGE = '<!doctype html><html lang="en"><head><title>t</title></head><body class="site"><main data-agent-element="body"><p>Old</p></main></body></html>';

test('content is judged as the stored page opened as a whole document: tags of the page itself are refused by name', async () => {
  const cases: Array<[string, RegExp]> = [
    ['<p>hi</p><body onload=alert(1)>', /<body onload="alert\(1\)">: <body> belongs to the page.*onload there runs script/],
    ['<html onmouseover=alert(1)>', /<html onmouseover="alert\(1\)">: <html> belongs to the page/],
    ['<BODY\nONLOAD="alert(1)">x', /<body onload="alert\(1\)">: <body> belongs to the page/],
    ['x<head><base href="https://evil.example/"></head>', /<base href=.*<head>: <head> belongs to the page/],
    ['<frameset onload=alert(1)><frame src="/x"></frameset>', /<frameset onload=.*replaces the page/],
    ['x</body><!--after-->', /<\/body> would close the page's own <body>/],
    ['x</html>', /<\/html> would close the page's own <html>/],
  ];
  for (const [content, expected] of cases) {
    const store = memoryStore(FULL_PAGE);
    const target = createHtmlRegionTarget({ store, parser: createParse5RegionParser() });
    const verdict = await target.validate({ id: 'body', content });
    assert.equal(verdict.ok, false, content);
    assert.equal(verdict.ok ? '' : verdict.code, 'disallowed-markup', content);
    assert.match(verdict.ok ? '' : verdict.message, expected, content);
  }
  const store = memoryStore(FULL_PAGE);
  const target = createHtmlRegionTarget({ store, parser: createParse5RegionParser() });
  const outcome = await applyEdit(target, { id: 'body', content: '<h1>New</h1><p>Words &amp; <a href="/more">more</a></p><svg viewBox="0 0 2 2"><circle r="1"/></svg>' });
  assert.deepEqual(outcome, { applied: true, id: 'body' });
});

test('the whole-document comparison sees attributes merged into the page\'s own <html> and <body>, whatever the spelling', async () => {
  const parse5 = await loadParse5();
  const before = parseDocument(parse5, FULL_PAGE);
  const judge = (content: string) => compareDocuments(before, parseDocument(parse5, FULL_PAGE.replace('<p>Old</p>', content)), 'body');
  const merged = judge('<p>hi</p><body onload=alert(1)>');
  assert.ok('difference' in merged);
  assert.match(merged.difference, /the page's <body> would get onload="alert\(1\)"/);
  const html = judge('<p>hi</p><HtMl\tonmouseover=alert(1)>');
  assert.ok('difference' in html);
  assert.match(html.difference, /the page's <html> would get onmouseover="alert\(1\)"/);
  // An attribute the page's <body> already has is not replaced: no effect, so no difference (the tag is still refused by name).
  assert.ok('regionAfter' in judge('<body class="evil">'));
  assert.ok('regionAfter' in judge('<p>New</p>'));
  assert.ok('missing' in compareDocuments(before, before, 'nope'));
});

test('the tree proof refuses content that changes the page outside the region, naming the defect', async () => {
  const unclosedDiv = await refusal('faq-answer', '<div>open');
  assert.match(unclosedDiv, /<div> is never closed/);
  assert.match(unclosedDiv, /swallow what follows up to the region "pricing-blurb"/);
  assert.match(unclosedDiv, /Close every element you open/);

  const nobr = await refusal('faq-answer', '<nobr>a');
  assert.match(nobr, /changes the page outside the region/);
  assert.match(nobr, /<nobr> is never closed/);
  assert.match(nobr, /"pricing-blurb"/);

  assert.match(await refusal('price-cell', '<table>x'), /end the region's <td>/);
  assert.match(await refusal('pricing-blurb', 'a</p>b'), /closes the <p> that holds it/);
  assert.match(await refusal('pricing-blurb', '<div>block</div>'), /A <p> cannot hold block elements/);
  assert.match(await refusal('hero-title', '</section>x'), /end/);
  assert.match(await refusal('faq-answer', '<a href="/x">link<div>block</div>'), /changes the page outside the region.*<a> is never closed/);
});

test('each refusal carries a code for the host beside the message for the model', async () => {
  const codeOf = async (id: string, content: string, maxPartLength?: number) => {
    const verdict = await setup(maxPartLength).target.validate({ id, content });
    return verdict.ok ? 'ok' : verdict.code;
  };
  assert.equal(await codeOf('footer', 'x'), 'unknown-part');
  assert.equal(await codeOf('faq-answer', 'x'.repeat(11), 10), 'too-large');
  assert.equal(await codeOf('faq-answer', '<img src=x onerror="alert(1)">'), 'disallowed-markup');
  assert.equal(await codeOf('faq-answer', '<span data-agent-element="promo">x</span>'), 'breaks-page');
  assert.equal(await codeOf('faq-answer', '<div>open'), 'breaks-page');
  assert.equal(await codeOf('faq-answer', 'No, it is not.'), 'ok');
});

test('snapshot and restore bring back the whole document byte for byte', async () => {
  const { target, store } = setup();
  const before = await target.snapshot();
  assert.equal(before.parts[HTML_DOCUMENT_SNAPSHOT_KEY], HOST_PAGE);
  assert.equal(before.parts['price-cell'], '$5');
  await target.replacePart({ id: 'price-cell', content: '$9' });
  assert.notEqual(store.html, HOST_PAGE);
  await target.restore({ snapshot: before });
  assert.equal(store.html, HOST_PAGE);
  await assert.rejects(target.restore({ snapshot: { id: 'x', parts: { hero: 'x' } } }), /snapshot/);
});

test('a batch with one refused edit leaves the page untouched', async () => {
  const { target, store } = setup();
  const outcome = await applyEdits(target, [
    { id: 'price-cell', content: '$7' },
    { id: 'faq-answer', content: '<div>open' },
  ]);
  assert.equal(outcome.applied, false);
  assert.equal(store.html, HOST_PAGE);
});

test('refuses a heading left empty and list items outside a list, naming each, with a code of its own', async () => {
  const LIST_PAGE = [
    '<h1 data-agent-element="title">Welcome</h1>',
    '<div data-agent-element="features"><ul><li>Boards</li><li>Digest</li></ul></div>',
    '<ul data-agent-element="items"><li>One</li></ul>',
    '<div data-agent-element="body"><h2>Plans</h2><p>Three.</p></div>',
  ].join('\n');
  const target = createHtmlRegionTarget({ store: memoryStore(LIST_PAGE), parser: createParse5RegionParser() });
  const verdict = (id: string, content: string) => target.validate({ id, content });

  for (const empty of ['', '   ', '\n<!-- later -->\n', '<span> </span>', '<img src="/a.png" alt="">']) {
    const result = await verdict('title', empty);
    assert.equal(result.ok, false, JSON.stringify(empty));
    assert.equal(!result.ok && result.code, 'empty-heading');
    assert.match(!result.ok ? result.message : '', /region "title" cannot be saved: it leaves its <h1> empty, and a heading must say something\. Give every heading its text\./);
  }
  const inner = await verdict('body', '<h2></h2><p>Three.</p>');
  assert.equal(!inner.ok && inner.code, 'empty-heading');
  assert.match(!inner.ok ? inner.message : '', /leaves an <h2> empty/);

  const bare = await verdict('features', '<li>Boards</li><li>Digest</li>');
  assert.equal(!bare.ok && bare.code, 'list-item-outside-list');
  assert.match(!bare.ok ? bare.message : '', /puts a list item \(<li>\) directly in its <div>, outside any list.*Wrap the list items in the list they belong to \(<ul> or <ol>\)\./);
  const nested = await verdict('body', '<h2>Plans</h2><div><span><li>Three.</li></span></div>');
  assert.match(!nested.ok ? nested.message : '', /directly in a <span>/);
  const both = await verdict('body', '<h3></h3><li>x</li>');
  assert.match(!both.ok ? both.message : '', /leaves an <h3> empty.*; it puts a list item.*Give every heading its text\. Wrap the list items/);

  // What a reader does get passes: text, an image's alternative, a label; items inside their list.
  for (const [id, content] of [
    ['title', 'Hello'],
    ['title', '<img src="/logo.png" alt="Orchard">'],
    ['title', '<span aria-label="Orchard"></span>'],
    ['features', '<ol><li>Boards</li></ol>'],
    ['features', '<ul><li><ul><li>Nested</li></ul></li></ul>'],
    ['items', '<li>One</li><li>Two</li>'],
    ['body', '<p>No heading at all is fine.</p>'],
    ['body', ''],
  ] as const) {
    assert.deepEqual(await verdict(id, content), { ok: true }, `${id}: ${content}`);
  }
});
