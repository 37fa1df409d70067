import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deepFreeze } from '../../../core/util/deep-freeze.js';
import { isPlainObject } from '../../../core/util/is-plain-object.js';
import { sleep, SleepAborted } from '../../../core/util/sleep.js';

test('deepFreeze freezes nested objects and arrays, leaves functions alone, and ends on a cycle', () => {
  const fn = () => 1;
  const value: Record<string, unknown> = { list: [{ a: 1 }], nested: { deeper: { b: 2 } }, fn };
  value.self = value;
  assert.equal(deepFreeze(value), value);
  assert.ok(Object.isFrozen(value));
  assert.ok(Object.isFrozen(value.list));
  assert.ok(Object.isFrozen((value.list as object[])[0]));
  assert.ok(Object.isFrozen((value.nested as { deeper: object }).deeper));
  assert.equal(Object.isFrozen(fn), false);
  assert.equal(deepFreeze(3), 3);
});

test('isPlainObject takes literals, parsed JSON and null-prototype objects only', () => {
  assert.equal(isPlainObject({}), true);
  assert.equal(isPlainObject(JSON.parse('{"a":1}')), true);
  assert.equal(isPlainObject(Object.create(null)), true);
  for (const value of [null, [], new Date(), new Map(), 'x', 1, () => {}]) assert.equal(isPlainObject(value), false);
});

test('sleep waits, and an abort rejects at once with SleepAborted or the caller\'s error', async () => {
  await sleep(1);
  await assert.rejects(sleep(10_000, AbortSignal.abort()), SleepAborted);
  const controller = new AbortController();
  const started = Date.now();
  const waiting = sleep(10_000, controller.signal, () => new RangeError('stopped'));
  controller.abort();
  await assert.rejects(waiting, RangeError);
  assert.ok(Date.now() - started < 1000);
});

test('sleep runs on the timers it is given, and an abort clears the one it set', async () => {
  const pending = new Map<number, () => void>();
  let next = 0;
  const timers = {
    setTimeout: (callback: () => void) => (pending.set(++next, callback), next),
    clearTimeout: (handle: unknown) => pending.delete(handle as number),
  };
  let done = false;
  const waiting = sleep(60_000, undefined, undefined, timers).then(() => (done = true));
  assert.equal(pending.size, 1, 'the wait set a timer on the given timers');
  pending.get(1)!();
  await waiting;
  assert.equal(done, true, 'firing that timer ends the wait');

  const controller = new AbortController();
  const cut = sleep(60_000, controller.signal, undefined, timers);
  controller.abort();
  await assert.rejects(cut, SleepAborted);
  assert.equal(pending.has(2), false, 'the abort cleared its timer');
});
