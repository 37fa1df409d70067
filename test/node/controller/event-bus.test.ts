import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEventBus } from '../../../core/events/event-bus.js';

interface TestEvents {
  ping: { n: number };
  done: void;
}

test('handlers receive payloads in subscription order, and unsubscribe stops delivery', () => {
  const bus = createEventBus<TestEvents>();
  const seen: string[] = [];
  const stopA = bus.on('ping', ({ n }) => seen.push(`a${n}`));
  bus.on('ping', ({ n }) => seen.push(`b${n}`));
  bus.emit('ping', { n: 1 });
  stopA();
  bus.emit('ping', { n: 2 });
  assert.deepEqual(seen, ['a1', 'b1', 'b2']);
});

test('off removes one handler; events without a payload take no argument', () => {
  const bus = createEventBus<TestEvents>();
  let count = 0;
  const handler = () => count++;
  bus.on('done', handler);
  bus.emit('done');
  bus.off('done', handler);
  bus.emit('done');
  assert.equal(count, 1);
  assert.equal(bus.listenerCount('done'), 0);
});

test('a throwing handler is reported and does not stop the others', () => {
  const reported: Array<{ error: unknown; name: string }> = [];
  const bus = createEventBus<TestEvents>({ onHandlerError: (error, name) => reported.push({ error, name }) });
  const boom = new Error('boom');
  const seen: number[] = [];
  bus.on('ping', () => {
    throw boom;
  });
  bus.on('ping', ({ n }) => seen.push(n));
  bus.emit('ping', { n: 7 });
  assert.deepEqual(seen, [7]);
  assert.deepEqual(reported, [{ error: boom, name: 'ping' }]);
});

test('without a reporter a throwing handler goes to console.error', (t) => {
  const logged: unknown[][] = [];
  t.mock.method(console, 'error', (...args: unknown[]) => logged.push(args));
  const bus = createEventBus<TestEvents>();
  bus.on('done', () => {
    throw new Error('bad handler');
  });
  let reached = false;
  bus.on('done', () => {
    reached = true;
  });
  bus.emit('done');
  assert.equal(reached, true);
  assert.equal(logged.length, 1);
  assert.match(String(logged[0]?.[0]), /"done" event/);
});

test('a handler added during an emit waits for the next emit', () => {
  const bus = createEventBus<TestEvents>();
  const seen: string[] = [];
  const late = () => seen.push('late');
  bus.on('done', () => {
    seen.push('first');
    bus.on('done', late);
  });
  bus.emit('done');
  assert.deepEqual(seen, ['first']);
  bus.emit('done');
  assert.deepEqual(seen, ['first', 'first', 'late']);
});

test('on() rejects a handler that is not a function', () => {
  const bus = createEventBus<TestEvents>();
  assert.throws(() => bus.on('ping', 'nope' as never), { name: 'TypeError', message: /handler must be a function/ });
});

test('a handler removed during an emit still gets that emit, and no later one', () => {
  const bus = createEventBus<TestEvents>();
  const seen: string[] = [];
  const second = () => seen.push('second');
  bus.on('done', () => {
    seen.push('first');
    bus.off('done', second);
  });
  bus.on('done', second);
  bus.emit('done');
  bus.emit('done');
  assert.deepEqual(seen, ['first', 'second', 'first']);
});
