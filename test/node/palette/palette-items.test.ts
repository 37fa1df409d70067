import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPaletteModel } from '../../../core/palette/palette-model.js';
import type { PaletteItem } from '../../../core/palette/palette-item.types.js';
import { loadPaletteMatcher } from '../../../core/palette/palette-matcher.js';

// Typed queries need the fuzzy matcher, which models load on their own; load it up front so each test reads its rows synchronously.
await loadPaletteMatcher();

const copy = (id: string, extra: Partial<PaletteItem> = {}): PaletteItem => ({ id, name: id, actions: [{ kind: 'copy', text: id }], ...extra });

test('addItems registers items; its remove() takes exactly them away; setItems replaces all', () => {
  const model = createPaletteModel();
  const removeFirst = model.addItems([copy('a'), copy('b')]);
  const removeSecond = model.addItems([copy('c')]);
  assert.deepEqual(model.getItems().map((item) => item.id), ['a', 'b', 'c']);
  removeFirst();
  removeFirst();
  assert.deepEqual(model.getItems().map((item) => item.id), ['c']);
  removeSecond();
  assert.deepEqual(model.getItems(), []);
  model.setItems([copy('x'), copy('y')]);
  assert.deepEqual(model.getItems().map((item) => item.id), ['x', 'y']);
});

test('a later registration with the same id replaces the item in place', () => {
  const model = createPaletteModel();
  model.addItems([copy('a'), copy('b', { name: 'Old B' }), copy('c')]);
  const remove = model.addItems([copy('b', { name: 'New B' })]);
  assert.deepEqual(model.getItems().map((item) => `${item.id}:${item.name}`), ['a:a', 'b:New B', 'c:c']);
  remove();
  assert.equal(model.getItems()[1]?.name, 'Old B');
});

test('the open list follows registrations', () => {
  const model = createPaletteModel();
  model.open();
  const remove = model.addItems([copy('alpha')]);
  assert.deepEqual(model.getState().rows.map((row) => row.key), ['i:alpha']);
  remove();
  assert.deepEqual(model.getState().rows, []);
});

const invalid: Array<[string, unknown, RegExp]> = [
  ['not an object', 3, /items\[0\]: must be an item object/],
  ['a missing id', { name: 'x', actions: [] }, /items\[0\]\.id: must be 1 to 128/],
  ['an id with spaces', copy('has space'), /items\[0\]\.id/],
  ['a blank name', copy('a', { name: '  ' }), /items\[0\]\.name: must not be blank/],
  ['a number description', copy('a', { description: 3 as never }), /items\[0\]\.description: must be a string/],
  ['lines not strings', copy('a', { lines: ['ok', 4 as never] }), /items\[0\]\.lines\[1\]: must be a string/],
  ['an HTML icon', copy('a', { icon: '<b>x</b>' }), /items\[0\]\.icon/],
  ['an unknown built-in icon', copy('a', { icon: { builtin: 'rocket' as never } }), /items\[0\]\.icon: must be a short text or \{ builtin/],
  ['a javascript: image', copy('a', { image: 'javascript:alert(1)' }), /items\[0\]\.image: refused "javascript:" URL/],
  ['a data: image', copy('a', { image: 'data:image/png;base64,AAAA' }), /items\[0\]\.image: refused "data:" URL/],
  ['a javascript: open-url', copy('a', { actions: [{ kind: 'open-url', url: 'javascript:alert(1)' }] }), /items\[0\]\.actions\[0\]\.url: refused/],
  ['an unknown action kind', copy('a', { actions: [{ kind: 'explode' } as never] }), /items\[0\]\.actions\[0\]\.kind: must be one of/],
  ['a custom action without run', copy('a', { actions: [{ kind: 'custom' } as never] }), /items\[0\]\.actions\[0\]\.run: must be a function/],
  ['a navigate path without a slash', copy('a', { actions: [{ kind: 'navigate', path: 'pricing' }] }), /actions\[0\]\.path: must start with "\/"/],
  ['browse without a prefix', copy('a', { browse: () => [] }), /items\[0\]\.prefix: is required with browse/],
  ['an empty prefix list', copy('a', { prefix: [] }), /items\[0\]\.prefix: must be a non-empty string/],
  ['a prefix object without match', copy('a', { prefix: { display: 'x' } as never }), /items\[0\]\.prefix\.match/],
  ['bindShortcut without a shortcut', copy('a', { bindShortcut: true }), /items\[0\]\.bindShortcut: needs a `shortcut`/],
  ['an item that does nothing', { id: 'idle', name: 'Idle' }, /item "idle" does nothing when chosen/],
  ['a bad child', copy('a', { children: [{ id: 'c', name: '' } as never] }), /items\[0\]\.children\[0\]\.name/],
  ['agentTool without description', copy('a', { agentTool: {} as never }), /items\[0\]\.agentTool\.description: must be a string/],
];

for (const [what, item, message] of invalid) {
  test(`addItems refuses ${what}, naming the field`, () => {
    const model = createPaletteModel();
    assert.throws(() => model.addItems([item as PaletteItem]), { name: 'TypeError', message });
    assert.deepEqual(model.getItems(), [], 'nothing was registered');
  });
}

test('duplicate ids in one list are refused; so is a non-array', () => {
  const model = createPaletteModel();
  assert.throws(() => model.setItems([copy('a'), copy('a')]), { message: /items\[1\]\.id: "a" is used twice/ });
  assert.throws(() => model.addItems({} as never), { message: /must be an array of items/ });
});

test('valid rich items pass: text and built-in icons, relative and https images, the three prefix forms', () => {
  const model = createPaletteModel();
  model.addItems([
    copy('a', { icon: '📄', image: '/covers/a.png', lines: ['one', 'two'], keywords: ['k'], section: 'S', shortcut: 'Mod+Shift+A', bindShortcut: true }),
    copy('b', { icon: { builtin: 'copy' }, image: 'https://cdn.example.com/b.jpg', prefix: 'b:' }),
    copy('c', { prefix: ['c:', '/c'] }),
    copy('d', { prefix: { match: ['d:', 'dd:'], display: 'd:' }, prefixAcceptsAnyArg: true }),
    { id: 'q', name: 'Question', answer: 'Answer' },
    { id: 'menu', name: 'Menu', children: [copy('child')] },
  ]);
  assert.equal(model.getItems().length, 6);
});
