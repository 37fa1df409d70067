import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSubtitleModel } from '../../../core/subtitle/subtitle-model.js';

test('a change made by a listener reaches every listener after the current change, each with the state it saw last as previous', () => {
  const model = createSubtitleModel();
  const heard: Array<[string, string]> = [];
  model.subscribe((state) => {
    if (state.text === 'First.') model.show('Second.');
  });
  model.subscribe((state, previous) => heard.push([state.text, previous.text]));
  model.show('First.');
  assert.deepEqual(heard, [
    ['First.', ''],
    ['Second.', 'First.'],
  ]);
  assert.equal(model.getState().text, 'Second.');
});

test('states are frozen through and through, and a listener error goes to onListenerError while the others still hear', () => {
  const errors: unknown[] = [];
  const model = createSubtitleModel({ onListenerError: (error) => errors.push(error) });
  let heard = 0;
  model.subscribe(() => {
    throw new Error('view broke');
  });
  model.subscribe(() => heard++);
  model.show({ text: 'Pick one.', actions: ['accept', 'cancel'] });
  assert.equal(heard, 1);
  assert.equal((errors[0] as Error).message, 'view broke');
  const state = model.getState();
  assert.ok(Object.isFrozen(state) && Object.isFrozen(state.actions));
});
