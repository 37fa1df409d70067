import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateSchema, type JsonSchema } from '../../../core/surface/json-schema.js';

const person: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 5, pattern: '^[A-Z]' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    tags: { type: 'array', items: { enum: ['a', 'b'] }, minItems: 1, maxItems: 2 },
    nick: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  },
  required: ['name'],
  additionalProperties: false,
};

const messages = (value: unknown, schema: JsonSchema = person) => validateSchema(value, schema).map((i) => `${i.path}: ${i.message}`);

test('a value that fits produces no issues', () => {
  assert.deepEqual(messages({ name: 'Ada', age: 36, tags: ['a'], nick: null }), []);
});

test('each keyword refuses with the path of the value it concerns', () => {
  assert.deepEqual(messages({ name: '', age: 1.5, tags: [], extra: 1 }), [
    '/name: must be at least 1 characters',
    '/name: "" does not match ^[A-Z]',
    '/age: expected an integer, got number',
    '/tags: needs at least 1 items (got 0)',
    '/extra: unknown property; allowed: name, age, tags, nick',
  ]);
  assert.deepEqual(messages({ name: 'Adalbert', age: 151, tags: ['a', 'c', 'b'] }), [
    '/name: must be at most 5 characters (got 8)',
    '/age: must be at most 150 (got 151)',
    '/tags: takes at most 2 items (got 3)',
    '/tags/1: "c" is not allowed; use one of "a", "b"',
  ]);
  assert.deepEqual(messages({}), [': missing required "name"']);
  assert.deepEqual(messages([]), [': expected an object, got array']);
});

test('numbers: NaN and Infinity are not numbers; integers are numbers', () => {
  assert.equal(validateSchema(Number.NaN, { type: 'number' }).length, 1);
  assert.equal(validateSchema(Infinity, { type: 'number' }).length, 1);
  assert.equal(validateSchema(3, { type: 'number' }).length, 0);
});

test('anyOf: a type mismatch in every branch lists what would fit', () => {
  assert.deepEqual(messages({ name: 'Ada', nick: 3 }), ['/nick: does not fit any allowed form: expected a string, got number; or expected a null, got number']);
});

test('required and known-property checks use own keys only', () => {
  const inherited = Object.create({ name: 'Ada' }) as object;
  assert.deepEqual(messages(inherited), [': missing required "name"']);
  assert.deepEqual(messages(JSON.parse('{"name":"Ada","__proto__":{"x":1}}')), ['/__proto__: unknown property; allowed: name, age, tags, nick']);
});
