import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDddk } from '../../../core/controller/create-dddk.js';
import { createSlots, slotKey } from '../../../core/controller/slots.js';
import { resolveController } from '../../../core/controller/resolve-controller.js';
import { setDefaultController } from '../../../core/controller/default-controller.js';

test('a slot is made once, on first use, and seen by peek and by watchers', () => {
  const slots = createSlots({ alive: () => true, reportError: () => {} });
  const key = slotKey<{ n: number }>('counter');
  const seen: unknown[] = [];
  slots.watch(key, (value) => seen.push(value));
  assert.equal(slots.peek(key), undefined);
  let made = 0;
  const first = slots.use(key, () => ({ n: ++made }));
  const second = slots.use(key, () => ({ n: ++made }));
  assert.equal(first, second);
  assert.equal(made, 1);
  assert.equal(slots.peek(key), first);
  assert.deepEqual(seen, [first]);
});

test('disposeAll disposes every made slot newest first; a throwing dispose is reported and the rest still run', () => {
  const errors: string[] = [];
  const slots = createSlots({ alive: () => true, reportError: (_error, source) => errors.push(source) });
  const order: string[] = [];
  const a = slotKey<string>('a', (value) => order.push(value));
  const b = slotKey<string>('b', () => {
    throw new Error('broken');
  });
  const c = slotKey<string>('c', (value) => order.push(value));
  const never = slotKey<string>('never', (value) => order.push(value));
  slots.use(a, () => 'a');
  slots.use(b, () => 'b');
  slots.use(c, () => 'c');
  void never;
  slots.disposeAll();
  assert.deepEqual(order, ['c', 'a']);
  assert.deepEqual(errors, ['slot:b:dispose']);
  assert.equal(slots.peek(a), undefined);
});

test('a destroyed controller makes no new slot and says what to do', () => {
  const controller = createDddk();
  const palette = controller.palette;
  assert.equal(controller.palette, palette, 'one palette per controller');
  controller.destroy();
  assert.throws(() => controller.palette, /controller was destroyed.*palette.*createDddk\(\)/);
  assert.throws(() => controller.placements, /placements/);
});

test('destroy reaches the palette: an open palette closes', () => {
  const controller = createDddk();
  controller.palette.open();
  assert.equal(controller.palette.getState().open, true);
  const palette = controller.palette;
  controller.destroy();
  assert.equal(palette.getState().open, false);
});

test('resolveController: property, then for, then the default; destroyed counts as none; peeking creates nothing', () => {
  setDefaultController(undefined);
  assert.equal(resolveController({}, { createDefault: false }), undefined, 'peeking does not create the default');
  const named = createDddk({ id: 'resolve-named' });
  const given = createDddk();
  assert.equal(resolveController({ controller: given, for: 'resolve-named' }, { createDefault: false }), given);
  assert.equal(resolveController({ for: 'resolve-named' }, { createDefault: true }), named);
  assert.equal(resolveController({ for: 'nobody' }, { createDefault: true }), undefined, 'a missing id does not fall back to the default');
  const automatic = resolveController({}, { createDefault: true });
  assert.ok(automatic && !automatic.destroyed);
  assert.equal(resolveController({}, { createDefault: false }), automatic);
  given.destroy();
  assert.equal(resolveController({ controller: given }, { createDefault: true }), undefined);
  named.destroy();
  assert.equal(resolveController({ for: 'resolve-named' }, { createDefault: true }), undefined);
  setDefaultController(undefined);
});
