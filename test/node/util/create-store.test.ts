import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createStore } from '../../../core/util/create-store.js';

test('a store gives frozen snapshots and tells every listener of each change', () => {
  const store = createStore({ count: 0, items: [{ id: 'a' }] }, { name: 'counter' });
  const seen: number[] = [];
  store.subscribe((state) => seen.push(state.count));
  store.setState((previous) => ({ ...previous, count: previous.count + 1 }));
  assert.deepEqual(seen, [1]);
  const state = store.getState();
  assert.ok(Object.isFrozen(state));
  assert.ok(!Object.isFrozen(state.items[0]), "what the state holds (maybe the host's own objects) is not frozen");
  assert.throws(() => {
    (state as { count: number }).count = 5;
  }, TypeError);
});

test('setting the same state notifies nobody', () => {
  const initial = { count: 0 };
  const store = createStore(initial, { name: 'counter' });
  let calls = 0;
  store.subscribe(() => calls++);
  store.setState(store.getState());
  store.setState((previous) => previous);
  assert.equal(calls, 0);
});

test('class instances are not frozen', () => {
  const map = new Map<string, number>();
  const store = createStore({ map }, { name: 'holder' });
  assert.ok(Object.isFrozen(store.getState()));
  assert.ok(!Object.isFrozen(map));
  map.set('a', 1);
});

test('a listener that throws is reported and the others still run', () => {
  const errors: unknown[] = [];
  const store = createStore(0, { name: 'n', onListenerError: (error) => errors.push(error) });
  const seen: number[] = [];
  store.subscribe(() => {
    throw new Error('boom');
  });
  store.subscribe((state) => seen.push(state));
  store.setState(1);
  assert.deepEqual(seen, [1]);
  assert.equal(errors.length, 1);
  assert.match(String(errors[0]), /boom/);
});

test('a change made by a listener is delivered after the current round, in order', () => {
  const store = createStore(0, { name: 'n' });
  const first: number[] = [];
  const second: number[] = [];
  store.subscribe((state) => {
    first.push(state);
    if (state === 1) store.setState(2);
  });
  store.subscribe((state) => second.push(state));
  store.setState(1);
  assert.deepEqual(first, [1, 2]);
  assert.deepEqual(second, [1, 2]);
});

test('unsubscribing during a round skips that listener; clear drops all', () => {
  const store = createStore(0, { name: 'n' });
  const seen: string[] = [];
  let stopSecond = (): void => {};
  store.subscribe(() => {
    seen.push('first');
    stopSecond();
  });
  stopSecond = store.subscribe(() => seen.push('second'));
  store.setState(1);
  assert.deepEqual(seen, ['first']);
  assert.equal(store.listenerCount(), 1);
  store.clear();
  assert.equal(store.listenerCount(), 0);
  store.setState(2);
  assert.deepEqual(seen, ['first']);
});

test('subscribe names the model when the listener is not a function', () => {
  const store = createStore(0, { name: 'palette' });
  assert.throws(() => store.subscribe('x' as never), /palette\.subscribe\(listener\): listener must be a function/);
});
