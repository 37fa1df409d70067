import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPaletteModel } from '../../../core/palette/palette-model.js';

// This file must not preload the matcher: it checks what a keystroke does before the matcher lands.
test('a query typed before the fuzzy matcher has loaded is busy, then listed once it lands', async () => {
  const model = createPaletteModel({ items: [{ id: 'alpha', name: 'Alpha', answer: 'a' }] });
  model.open();
  assert.deepEqual(model.getState().rows.map((row) => row.key), ['i:alpha'], 'the empty list needs no matcher');
  model.setQuery('alp');
  assert.equal(model.getState().busy, true);
  assert.deepEqual(model.getState().rows.map((row) => row.key), ['ask']);
  await model.ready;
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(model.getState().rows.map((row) => row.key), ['i:alpha', 'ask']);
  assert.equal(model.getState().busy, false);
});
