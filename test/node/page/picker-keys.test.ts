import { test } from 'node:test';
import assert from 'node:assert/strict';
import { areaPickerKey, elementPickerKey } from '../../../core/page/context-capture/picker-keys.js';

const press = (key: string, modifiers: { shiftKey?: boolean; altKey?: boolean } = {}) => ({ key, shiftKey: false, altKey: false, ...modifiers });

test('the element picker: Esc cancels, Enter and Space pick, arrows and Tab step, Home and End go to the ends', () => {
  assert.deepEqual(elementPickerKey(press('Escape')), { kind: 'cancel' });
  assert.deepEqual(elementPickerKey(press('Enter')), { kind: 'pick' });
  assert.deepEqual(elementPickerKey(press(' ')), { kind: 'pick' });
  for (const key of ['ArrowDown', 'ArrowRight', 'Tab']) assert.deepEqual(elementPickerKey(press(key)), { kind: 'step', by: 1 }, key);
  for (const key of ['ArrowUp', 'ArrowLeft']) assert.deepEqual(elementPickerKey(press(key)), { kind: 'step', by: -1 }, key);
  assert.deepEqual(elementPickerKey(press('Tab', { shiftKey: true })), { kind: 'step', by: -1 });
  assert.deepEqual(elementPickerKey(press('Home')), { kind: 'step', by: 1, edge: 'first' });
  assert.deepEqual(elementPickerKey(press('End')), { kind: 'step', by: 1, edge: 'last' });
  for (const key of ['a', 'Shift', 'PageDown', 'Backspace']) assert.equal(elementPickerKey(press(key)), undefined, key);
});

test('the area picker: arrows move, Shift resizes, Alt makes the step one pixel; Enter confirms, Esc cancels', () => {
  assert.deepEqual(areaPickerKey(press('Escape')), { kind: 'cancel' });
  assert.deepEqual(areaPickerKey(press('Enter')), { kind: 'confirm' });
  assert.deepEqual(areaPickerKey(press('ArrowLeft')), { kind: 'move', dx: -1, dy: 0, fine: false });
  assert.deepEqual(areaPickerKey(press('ArrowDown', { shiftKey: true })), { kind: 'resize', dx: 0, dy: 1, fine: false });
  assert.deepEqual(areaPickerKey(press('ArrowUp', { altKey: true })), { kind: 'move', dx: 0, dy: -1, fine: true });
  for (const key of [' ', 'Tab', 'Home', 'x']) assert.equal(areaPickerKey(press(key)), undefined, key);
});
