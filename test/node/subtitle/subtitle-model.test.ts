import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSubtitleModel } from '../../../core/subtitle/subtitle-model.js';
import type { SubtitleState } from '../../../core/subtitle/subtitle.types.js';

test('starts hidden and empty', () => {
  assert.deepEqual(createSubtitleModel().getState(), { visible: false, text: '', type: 'info', streaming: false });
});

test('show() accepts a string (type info) or { text, type }', () => {
  const model = createSubtitleModel();
  model.show('Saved');
  assert.deepEqual(model.getState(), { visible: true, text: 'Saved', type: 'info', streaming: false });
  model.show({ text: 'Could not save', type: 'error' });
  assert.deepEqual(model.getState(), { visible: true, text: 'Could not save', type: 'error', streaming: false });
});

test('append() starts an agent stream from empty text, then accumulates deltas', () => {
  const model = createSubtitleModel();
  model.show('old notice');
  model.append('Let me ');
  assert.deepEqual(model.getState(), { visible: true, text: 'Let me ', type: 'agent', streaming: true });
  model.append('check.');
  assert.equal(model.getState().text, 'Let me check.');
  model.finalize();
  assert.deepEqual(model.getState(), { visible: true, text: 'Let me check.', type: 'agent', streaming: false });
  model.append('Next');
  assert.equal(model.getState().text, 'Next', 'after finalize a new stream starts');
});

test('replace() swaps the text and keeps the type and streaming flag; it shows a hidden bar', () => {
  const model = createSubtitleModel();
  model.append('draft');
  model.replace('clean');
  assert.deepEqual(model.getState(), { visible: true, text: 'clean', type: 'agent', streaming: true });
  model.hide();
  model.replace('again');
  assert.equal(model.getState().visible, true);
  assert.equal(model.getState().text, 'again');
});

test('hide() clears the text and ends the stream; finalize() on a non-streaming bar changes nothing', () => {
  const model = createSubtitleModel();
  model.append('partial');
  model.hide();
  assert.deepEqual(model.getState(), { visible: false, text: '', type: 'info', streaming: false });
  const before = model.getState();
  model.finalize();
  assert.equal(model.getState(), before);
});

test('listeners get (state, previous) after each real change, and nothing for no-ops', () => {
  const model = createSubtitleModel();
  const calls: Array<[SubtitleState, SubtitleState]> = [];
  const stop = model.subscribe((state, previous) => calls.push([state, previous]));
  model.show('a');
  model.show('a');
  model.hide();
  model.hide();
  assert.equal(calls.length, 2);
  assert.equal(calls[0]?.[0].text, 'a');
  assert.equal(calls[0]?.[1].visible, false);
  stop();
  model.show('b');
  assert.equal(calls.length, 2);
});

test('states are frozen and a new object per change, so views can compare by identity', () => {
  const model = createSubtitleModel();
  const first = model.getState();
  model.show('x');
  const second = model.getState();
  assert.notEqual(first, second);
  assert.ok(Object.isFrozen(second));
  assert.equal(model.getState(), second);
});

test('a throwing listener is reported and the others still run', () => {
  const errors: unknown[] = [];
  const model = createSubtitleModel({ onListenerError: (error) => errors.push(error) });
  let reached = false;
  model.subscribe(() => {
    throw new Error('broken view');
  });
  model.subscribe(() => {
    reached = true;
  });
  model.show('x');
  assert.equal(reached, true);
  assert.equal(errors.length, 1);
});

test('text is kept verbatim as plain text, markup included', () => {
  const model = createSubtitleModel();
  const markup = '<img src=x onerror=alert(1)> & <b>bold</b>';
  model.show(markup);
  assert.equal(model.getState().text, markup);
});

test('bad input is refused with a TypeError naming the argument', () => {
  const model = createSubtitleModel();
  assert.throws(() => model.show(42 as never), { name: 'TypeError', message: /show\(input\): input must be a string or \{ text, type \}/ });
  assert.throws(() => model.show({ text: 1 } as never), { message: /input\.text must be a string/ });
  assert.throws(() => model.show({ text: 'x', type: 'fatal' } as never), { message: /input\.type must be one of info, success, warning, error, agent/ });
  assert.throws(() => model.append(null as never), { message: /append\(delta\): delta must be a string, got null/ });
  assert.throws(() => model.replace(undefined as never), { message: /replace\(text\): text must be a string/ });
  assert.throws(() => model.subscribe('x' as never), { message: /listener must be a function/ });
  assert.equal(model.getState().visible, false);
});
