import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEdit } from '../../../core/targets/apply-edit.js';
import { createParse5RegionParser } from '../../../core/targets/html/index.js';
import { createHtmlRegionTarget } from '../../../core/targets/html-target/index.js';

// Deeper than a recursive walk of the tree survives with Node's default stack.
const DEPTH = 20_000;
const PAGE = `${'<div>'.repeat(DEPTH)}<span>Mark a region with data-agent-element.</span><p data-agent-element="deep">x</p>${'</div>'.repeat(DEPTH)}<div data-agent-element="top">t</div>`;

test('a page nested thousands of elements deep can still be scanned, validated and written', { timeout: 30_000 }, async () => {
  let html = PAGE;
  const target = createHtmlRegionTarget({ store: { read: async () => html, write: async (args) => void (html = args.html) }, parser: createParse5RegionParser() });
  assert.deepEqual((await target.listParts()).map((part) => part.id), ['deep', 'top']);
  assert.deepEqual(await applyEdit(target, { id: 'deep', content: 'y <b>z</b>' }), { applied: true, id: 'deep' });
  assert.deepEqual(await applyEdit(target, { id: 'top', content: 'new top' }), { applied: true, id: 'top' });
  assert.equal(html, PAGE.replace('>x</p>', '>y <b>z</b></p>').replace('>t</div>', '>new top</div>'));
  const refused = await applyEdit(target, { id: 'top', content: '<i data-agent-element="extra">e</i>' });
  assert.equal(refused.applied, false);
  assert.match(refused.applied ? '' : refused.message, /adds a new region "extra"/);
});

test('content nested thousands of elements deep is still checked against the content policy', { timeout: 30_000 }, async () => {
  let html = '<div data-agent-element="top">t</div>';
  const target = createHtmlRegionTarget({ store: { read: async () => html, write: async (args) => void (html = args.html) }, parser: createParse5RegionParser() });
  const outcome = await applyEdit(target, { id: 'top', content: `${'<div>'.repeat(DEPTH)}<img src="x.png" onerror="alert(1)">` });
  assert.equal(outcome.applied, false);
  assert.equal(outcome.applied ? '' : outcome.code, 'invalid');
  assert.match(outcome.applied ? '' : outcome.message, /onerror runs script/);
});
