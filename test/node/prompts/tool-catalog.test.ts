import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compactType, formatToolReference, prepareToolCatalog } from '../../../core/prompts/tool-catalog.js';
import { tools } from './fixtures.js';

test('JSON Schema types read as short TypeScript-like types', () => {
  const cases: Array<[unknown, string]> = [
    [{ type: 'string' }, 'string'],
    [{ type: 'integer' }, 'integer'],
    [{ type: 'string', enum: ['smooth', 'instant'] }, '"smooth"|"instant"'],
    [{ const: 'x' }, '"x"'],
    [{ type: ['string', 'null'] }, 'string|null'],
    [{ type: 'array', items: { type: 'string' } }, 'string[]'],
    [{ type: 'array', items: { enum: [1, 2] } }, '(1|2)[]'],
    [{ anyOf: [{ type: 'number' }, { type: 'boolean' }] }, 'number|boolean'],
    [{ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'] }, '{a: string, b?: number}'],
    [{ properties: { a: { type: 'string' } } }, '{a?: string}'],
    [{ type: 'object' }, 'object'],
    [{}, 'any'],
    [undefined, 'any'],
  ];
  for (const [schema, expected] of cases) assert.equal(compactType(schema), expected, JSON.stringify(schema));
});

test('deeply nested objects are cut short', () => {
  const deep = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'object', properties: { d: { type: 'string' } } } } } } } } };
  assert.equal(compactType(deep), '{a?: {b?: {c?: object}}}');
});

test('a tool reference line per tool, with argument descriptions beneath', () => {
  assert.equal(
    formatToolReference([
      { name: 'scroll', description: 'Scroll the page.\n  Gently.', parameters: { type: 'object', properties: { to: { enum: ['top', 'bottom'], description: 'Where\nto.' } } } },
      { name: 'wait', description: 'Wait a moment.', parameters: {} },
    ]),
    '- scroll(to?: "top"|"bottom"): Scroll the page. Gently.\n  to: Where to.\n- wait(): Wait a moment.',
  );
});

test('the catalog removes excluded tools and applies description overrides without touching the input', () => {
  const before = structuredClone(tools);
  const catalog = prepareToolCatalog(tools, {
    excludeTools: ['click'],
    actionOverrides: { navigate: { description: 'Go.' }, select_option: { appendDescription: 'Only on forms.' }, toString: { description: 'x' } },
  });
  assert.deepEqual(catalog.map((tool) => [tool.name, tool.description]), [
    ['navigate', 'Go.'],
    ['select_option', 'Pick an option of a select.\nOnly on forms.'],
  ]);
  assert.deepEqual(tools, before);
  assert.deepEqual(prepareToolCatalog(tools), tools);
});
