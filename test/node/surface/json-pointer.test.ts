import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  escapePointerToken,
  formatPointer,
  getAtPointer,
  isPointer,
  JsonPointerError,
  parsePointer,
  setAtPointer,
} from '../../../core/surface/json-pointer.js';

// The example document of RFC 6901 §5.
const rfcDocument = { foo: ['bar', 'baz'], '': 0, 'a/b': 1, 'c%d': 2, 'e^f': 3, 'g|h': 4, 'i\\j': 5, 'k"l': 6, ' ': 7, 'm~n': 8 };

test('RFC 6901 §5: every example pointer reads the value the RFC gives', () => {
  const cases: [string, unknown][] = [
    ['', rfcDocument],
    ['/foo', ['bar', 'baz']],
    ['/foo/0', 'bar'],
    ['/', 0],
    ['/a~1b', 1],
    ['/c%d', 2],
    ['/e^f', 3],
    ['/g|h', 4],
    ['/i\\j', 5],
    ['/k"l', 6],
    ['/ ', 7],
    ['/m~0n', 8],
  ];
  for (const [pointer, expected] of cases) assert.deepEqual(getAtPointer(rfcDocument, pointer), expected, pointer);
});

test('"~01" unescapes to "~1", not "/": ~1 is replaced before ~0', () => {
  assert.deepEqual(parsePointer('/~01'), ['~1']);
  assert.deepEqual(parsePointer('/a~1b~0c'), ['a/b~c']);
  assert.equal(getAtPointer({ '~1': 'tilde-one', '/': 'slash' }, '/~01'), 'tilde-one');
});

test('escape and format round-trip every token, including empty ones', () => {
  const tokens = ['a/b', 'm~n', '', '~1', '0', ' '];
  assert.equal(formatPointer(tokens), '/a~1b/m~0n//~01/0/ ');
  assert.deepEqual(parsePointer(formatPointer(tokens)), tokens);
  assert.equal(escapePointerToken('~/'), '~0~1');
});

test('malformed pointers are refused with a reason', () => {
  assert.throws(() => parsePointer('foo'), JsonPointerError);
  assert.throws(() => parsePointer('/a~2'), /~0.*~1/);
  assert.throws(() => parsePointer('/a~'), JsonPointerError);
  assert.equal(isPointer('/ok/~0'), true);
  assert.equal(isPointer('no-slash'), false);
  assert.equal(isPointer(42), false);
});

test('reads: missing steps, array index rules, and no prototype lookups', () => {
  const doc = { list: ['a', 'b'], nested: { x: null } };
  assert.equal(getAtPointer(doc, '/list/1'), 'b');
  assert.equal(getAtPointer(doc, '/list/01'), undefined, 'leading zeros are not indexes');
  assert.equal(getAtPointer(doc, '/list/-'), undefined);
  assert.equal(getAtPointer(doc, '/list/2'), undefined);
  assert.equal(getAtPointer(doc, '/nested/x'), null);
  assert.equal(getAtPointer(doc, '/nested/x/y'), undefined);
  assert.equal(getAtPointer(doc, '/toString'), undefined);
  assert.equal(getAtPointer(doc, '/list/length'), undefined);
  assert.equal(getAtPointer(doc, '/__proto__'), undefined);
});

test('writes are immutable, create missing objects, and share untouched branches', () => {
  const doc = { form: { email: 'a@b.c' }, other: { big: [1, 2, 3] } };
  const next = setAtPointer(doc, '/form/name', 'Ada') as typeof doc & { form: { name: string } };
  assert.deepEqual(next.form, { email: 'a@b.c', name: 'Ada' });
  assert.deepEqual(doc.form, { email: 'a@b.c' }, 'the original is unchanged');
  assert.equal(next.other, doc.other);
  assert.deepEqual(setAtPointer({}, '/a/b~1c/d', 1), { a: { 'b/c': { d: 1 } } });
  assert.deepEqual(setAtPointer({ l: [1, 2] }, '/l/-', 3), { l: [1, 2, 3] });
  assert.deepEqual(setAtPointer({ l: [1, 2] }, '/l/0', 9), { l: [9, 2] });
  assert.equal(setAtPointer({ a: 1 }, '', 'whole'), 'whole');
});

test('writes refuse impossible steps with the pointer in the message', () => {
  assert.throws(() => setAtPointer({ l: [1] }, '/l/5', 0), /"\/l\/5".*length 1/);
  assert.throws(() => setAtPointer({ l: [1] }, '/l/x', 0), /not an index/);
  assert.throws(() => setAtPointer({ s: 'text' }, '/s/inner', 0), /is a string/);
});

test('a "__proto__" token stays an ordinary key and never touches a prototype', () => {
  const next = setAtPointer({}, '/__proto__/polluted', true) as Record<string, unknown>;
  assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  assert.equal(Object.getPrototypeOf(next), Object.prototype);
  assert.deepEqual(Object.keys(next), ['__proto__']);
  assert.equal(getAtPointer(next, '/__proto__/polluted'), true);
});
