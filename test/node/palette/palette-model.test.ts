import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPaletteModel } from '../../../core/palette/palette-model.js';
import type { PaletteState } from '../../../core/palette/palette.types.js';
import { loadPaletteMatcher } from '../../../core/palette/palette-matcher.js';

// Typed queries need the fuzzy matcher, which models load on their own; load it up front so each test reads its rows synchronously.
await loadPaletteMatcher();

const pick = (state: PaletteState) => ({ open: state.open, query: state.query, history: state.history });

test('starts closed with an empty query, history and list', () => {
  const state = createPaletteModel().getState();
  assert.deepEqual(pick(state), { open: false, query: '', history: [] });
  assert.deepEqual(state.rows, []);
  assert.equal(state.activeIndex, -1);
});

test('open, close and toggle; closing clears the query', () => {
  const model = createPaletteModel();
  model.open();
  model.setQuery('pricing');
  assert.deepEqual(pick(model.getState()), { open: true, query: 'pricing', history: [] });
  model.close();
  assert.deepEqual(pick(model.getState()), { open: false, query: '', history: [] });
  model.toggle();
  assert.equal(model.getState().open, true);
  model.setQuery('x');
  model.toggle();
  assert.deepEqual({ open: model.getState().open, query: model.getState().query }, { open: false, query: '' });
});

test('submit hands the trimmed text to onSubmit after closing, and remembers it', () => {
  const seen: Array<{ text: string; open: boolean }> = [];
  const model = createPaletteModel({ onSubmit: (text) => seen.push({ text, open: model.getState().open }) });
  model.open();
  model.setQuery('  show me pricing  ');
  assert.equal(model.submit(), 'show me pricing');
  assert.deepEqual(seen, [{ text: 'show me pricing', open: false }]);
  assert.deepEqual(pick(model.getState()), { open: false, query: '', history: ['show me pricing'] });
});

test('a blank submit does nothing', () => {
  let calls = 0;
  const model = createPaletteModel({ onSubmit: () => calls++ });
  model.open();
  model.setQuery('   ');
  assert.equal(model.submit(), undefined);
  assert.equal(calls, 0);
  assert.equal(model.getState().open, true);
});

test('submit({ deliver: false }) records and closes without calling onSubmit; submit({ text }) overrides the query', () => {
  const seen: string[] = [];
  const model = createPaletteModel({ onSubmit: (text) => seen.push(text) });
  model.open();
  model.setQuery('handled by the host');
  model.submit({ deliver: false });
  assert.deepEqual(seen, []);
  assert.deepEqual(pick(model.getState()), { open: false, query: '', history: ['handled by the host'] });
  model.submit({ text: 'docs' });
  assert.deepEqual(seen, ['docs']);
});

test('the history is newest first, without repeats, and bounded', () => {
  const model = createPaletteModel({ historySize: 3 });
  for (const text of ['a', 'b', 'c', 'a', 'd']) model.submit({ text, deliver: false });
  assert.deepEqual(model.getState().history, ['d', 'a', 'c']);
  assert.ok(Object.isFrozen(model.getState().history));
  model.clearHistory();
  assert.deepEqual(model.getState().history, []);

  const none = createPaletteModel({ historySize: 0 });
  none.submit({ text: 'x', deliver: false });
  assert.deepEqual(none.getState().history, []);
});

test('listeners get (state, previous) per real change; states are frozen; a throwing listener is reported', () => {
  const errors: unknown[] = [];
  const model = createPaletteModel({ onListenerError: (error) => errors.push(error) });
  const calls: Array<[PaletteState, PaletteState]> = [];
  model.subscribe(() => {
    throw new Error('broken view');
  });
  const stop = model.subscribe((state, previous) => calls.push([state, previous]));
  model.open();
  model.open();
  model.setQuery('a');
  model.setQuery('a');
  assert.equal(calls.length, 2);
  assert.equal(calls[1]?.[1].query, '');
  assert.ok(Object.isFrozen(model.getState()));
  assert.equal(errors.length, 2);
  stop();
  model.close();
  assert.equal(calls.length, 2);
});

test('bad input is refused with a TypeError naming the field', () => {
  assert.throws(() => createPaletteModel({ historySize: -1 }), { name: 'TypeError', message: /options.historySize must be a non-negative integer/ });
  assert.throws(() => createPaletteModel({ onSubmit: 'go' as never }), { message: /options.onSubmit must be a function/ });
  assert.throws(() => createPaletteModel({ maxResults: 0 }), { message: /options.maxResults must be a positive integer/ });
  const model = createPaletteModel();
  assert.throws(() => model.setQuery(3 as never), { message: /setQuery\(query\): query must be a string/ });
  assert.throws(() => model.submit({ text: null as never }), { message: /options.text must be a string/ });
  assert.throws(() => model.subscribe(null as never), { message: /listener must be a function/ });
  assert.throws(() => model.setCategory('nope'), { name: 'RangeError', message: /no category "nope"/ });
  assert.throws(() => model.setInputContext({} as never), { message: /context.onSubmit must be a function/ });
  assert.throws(() => model.showResult({ stream: 'abc' } as never), { message: /result.stream must be an async iterable/ });
});

test('typed text lists "ask the agent" last; choosing it submits the text', () => {
  const seen: string[] = [];
  const model = createPaletteModel({ onSubmit: (text) => seen.push(text) });
  model.open();
  model.setQuery('refund policy');
  const rows = model.getState().rows;
  assert.deepEqual(rows.map((row) => row.type), ['ask']);
  assert.equal(model.getState().activeIndex, 0);
  void model.activate();
  assert.deepEqual(seen, ['refund policy']);
  assert.equal(model.getState().open, false);
});

test('moveActive wraps with arrows and stops at the ends with page moves', () => {
  const model = createPaletteModel({
    items: ['a', 'b', 'c', 'd'].map((id) => ({ id, name: `Item ${id}`, actions: [{ kind: 'copy' as const, text: id }] })),
  });
  model.open();
  assert.equal(model.getState().activeIndex, 0);
  model.moveActive(-1, { wrap: true });
  assert.equal(model.getState().activeIndex, 3);
  model.moveActive(1, { wrap: true });
  assert.equal(model.getState().activeIndex, 0);
  model.moveActive(10);
  assert.equal(model.getState().activeIndex, 3);
  model.moveActive(-10);
  assert.equal(model.getState().activeIndex, 0);
  model.setActiveIndex(2);
  assert.equal(model.getState().activeIndex, 2);
  model.setActiveIndex(99);
  assert.equal(model.getState().activeIndex, 2, 'an index out of range is ignored');
});

test('the state is frozen one level deep: the host\'s items and mounts stay the host\'s', () => {
  const item = { id: 'a', name: 'Alpha', answer: 'a' };
  const mount = { written: '' };
  const model = createPaletteModel({ items: [item] });
  model.open();
  model.showResult({ mount });
  const state = model.getState();
  assert.ok(Object.isFrozen(state));
  assert.equal(Object.isFrozen(item), false);
  assert.equal(Object.isFrozen(mount), false);
});
