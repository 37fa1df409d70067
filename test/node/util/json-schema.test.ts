import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateJsonSchema, type SchemaMessages } from '../../../core/util/json-schema.js';

/** Messages that name the keyword and its figures, so a test reads what the walk decided. */
const plain: SchemaMessages = {
  never: () => 'never',
  type: (_at, type) => `type ${JSON.stringify(type)}`,
  enum: () => 'enum',
  const: () => 'const',
  noBranch: ({ path }, branches) => [{ path, message: `no branch of ${branches.length}` }],
  minimum: (_at, limit) => `minimum ${limit}`,
  maximum: (_at, limit) => `maximum ${limit}`,
  exclusiveMinimum: (_at, limit) => `exclusiveMinimum ${limit}`,
  exclusiveMaximum: (_at, limit) => `exclusiveMaximum ${limit}`,
  minLength: (_at, limit, length) => `minLength ${limit} (${length})`,
  maxLength: (_at, limit, length) => `maxLength ${limit} (${length})`,
  pattern: (_at, pattern) => `pattern ${pattern}`,
  minItems: (_at, limit) => `minItems ${limit}`,
  maxItems: (_at, limit) => `maxItems ${limit}`,
  required: (_at, key) => `required ${key}`,
  unknownProperty: (_at, known) => `unknown (${known.join(',')})`,
};

const issues = (value: unknown, schema: unknown, options: Partial<Parameters<typeof validateJsonSchema>[2]> = {}) =>
  validateJsonSchema(value, schema, { messages: plain, ...options }).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

test('every issue carries the path of the value it concerns, after the given prefix', () => {
  const schema = { type: 'object', properties: { list: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } } } } } };
  assert.deepEqual(issues({ list: [{ n: 1 }, { n: 'x' }] }, schema), ['list.1.n: type "integer"']);
  assert.deepEqual(issues({ list: [{ n: 'x' }] }, schema, { path: ['root', 'props'] }), ['root.props.list.0.n: type "integer"']);
});

test('a type, enum or const refusal stops the checks of that value', () => {
  assert.deepEqual(issues(3, { type: 'string', minLength: 9 }), [': type "string"']);
  assert.deepEqual(issues('c', { enum: ['a', 'b'], const: 'a', minLength: 9 }), [': enum']);
  assert.deepEqual(issues({ a: 1 }, { const: { a: 1 } }), [], 'const compares JSON values');
  assert.deepEqual(issues(1, { type: ['string', 'null'] }), [': type ["string","null"]']);
  assert.deepEqual(issues(null, { type: ['string', 'null'] }), []);
  assert.deepEqual(issues(Number.NaN, { type: 'number' }), [': type "number"']);
  assert.deepEqual(issues('x', false), [': never']);
});

test('anyOf and oneOf: one fitting branch is enough; otherwise the messages decide what to report', () => {
  const either = { anyOf: [{ type: 'string' }, { type: 'integer' }] };
  assert.deepEqual(issues(3, either), []);
  assert.deepEqual(issues(true, either), [': no branch of 2']);
  assert.deepEqual(issues(true, { oneOf: either.anyOf }), [': no branch of 2']);
  assert.deepEqual(issues(5, { allOf: [{ minimum: 6 }, { maximum: 4 }] }), [': minimum 6', ': maximum 4']);
});

test('bounds, lengths in code points, and a pattern that does not compile is skipped', () => {
  assert.deepEqual(issues(5, { exclusiveMinimum: 5, exclusiveMaximum: 5 }), [': exclusiveMinimum 5', ': exclusiveMaximum 5']);
  assert.deepEqual(issues('😀😀', { maxLength: 1 }), [': maxLength 1 (2)']);
  assert.deepEqual(issues('😀😀', { maxLength: 3 }, { stringLength: (text) => text.length }), [': maxLength 3 (4)']);
  assert.deepEqual(issues('abc', { pattern: '(' }), []);
  assert.deepEqual(issues('abc', { pattern: '^b' }), [': pattern ^b']);
  assert.deepEqual(issues([1, 2, 3], { minItems: 4, maxItems: 2, items: [{ type: 'string' }] }), [': minItems 4', ': maxItems 2']);
});

test('objects: required and known properties are own keys; additionalProperties may be a schema', () => {
  const closed = { type: 'object', properties: { name: { type: 'string' } }, required: ['name', 'constructor'], additionalProperties: false };
  assert.deepEqual(issues(JSON.parse('{"name":"a","__proto__":{},"toString":1}'), closed), [
    ': required constructor',
    '__proto__: unknown (name)',
    'toString: unknown (name)',
  ]);
  assert.deepEqual(issues({ a: 1, b: 'x' }, { type: 'object', additionalProperties: { type: 'integer' } }), ['b: type "integer"']);
});

test('maxIssues and maxDepth bound the work', () => {
  const many = { type: 'object', additionalProperties: false };
  assert.equal(issues({ a: 1, b: 2, c: 3, d: 4 }, many, { maxIssues: 2 }).length, 2);
  const deep = { type: 'object', additionalProperties: { $comment: 'itself' } } as Record<string, unknown>;
  deep.additionalProperties = deep;
  let value: Record<string, unknown> = { leaf: 1 };
  for (let i = 0; i < 50; i++) value = { next: value };
  assert.deepEqual(issues(value, deep, { maxDepth: 10 }), [], 'the walk stops, it neither overflows nor reports the leaf');
  assert.deepEqual(issues(value, deep), ['next.'.repeat(50) + 'leaf: type "object"']);
});

test('a string check of the caller runs after the standard ones', () => {
  const checkString = ({ value, schema }: { value: string; schema: Readonly<Record<string, unknown>> }) =>
    schema['x-shout'] && value !== value.toUpperCase() ? 'must shout' : undefined;
  assert.deepEqual(issues('hey', { 'x-shout': true, minLength: 4 }, { checkString }), [': minLength 4 (3)', ': must shout']);
  assert.deepEqual(issues('HEY', { 'x-shout': true }, { checkString }), []);
});
