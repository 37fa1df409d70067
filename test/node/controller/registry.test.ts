import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  getController,
  onControllerRegistryChange,
  peekDefaultController,
  registerController,
  unregisterController,
} from '../../../core/controller/registry.js';
import { createDddk, isDddkController } from '../../../core/controller/create-dddk.js';
import { getDefaultController, setDefaultController } from '../../../core/controller/default-controller.js';

test('createDddk({ id }) registers the controller; destroy() unregisters it', () => {
  const dddk = createDddk({ id: 'shop' });
  assert.equal(getController('shop'), dddk);
  dddk.destroy();
  assert.equal(getController('shop'), undefined);
});

test('a second live controller with the same id is refused, naming config.id', () => {
  const first = createDddk({ id: 'dup' });
  assert.throws(() => createDddk({ id: 'dup' }), { message: /id "dup" is already registered.*config\.id/ });
  first.destroy();
  const second = createDddk({ id: 'dup' });
  assert.equal(getController('dup'), second);
  second.destroy();
});

test('registry listeners hear registrations, unregistrations and default changes', () => {
  let changes = 0;
  const stop = onControllerRegistryChange(() => changes++);
  const dddk = createDddk({ id: 'listened' });
  assert.equal(changes, 1);
  unregisterController('listened', createDddk());
  assert.equal(changes, 1, 'unregistering with another controller is ignored');
  unregisterController('listened');
  assert.equal(changes, 2);
  registerController('listened', dddk);
  assert.equal(changes, 3);
  setDefaultController(dddk);
  assert.equal(changes, 4);
  setDefaultController(undefined);
  assert.equal(changes, 5);
  stop();
  dddk.destroy();
  assert.equal(changes, 5);
});

test('the default controller is created lazily, once, and replaced when destroyed', () => {
  setDefaultController(undefined);
  assert.equal(peekDefaultController(), undefined);
  const first = getDefaultController();
  assert.ok(isDddkController(first));
  assert.equal(getDefaultController(), first);
  first.destroy();
  assert.equal(peekDefaultController(), undefined);
  const second = getDefaultController();
  assert.notEqual(second, first);
  setDefaultController(undefined);
});

test('setDefaultController: a host controller replaces (and destroys) an automatic default, but is never destroyed itself', () => {
  setDefaultController(undefined);
  const automatic = getDefaultController();
  const host = createDddk();
  setDefaultController(host);
  assert.equal(automatic.destroyed, true);
  assert.equal(getDefaultController(), host);
  const other = createDddk();
  setDefaultController(other);
  assert.equal(host.destroyed, false);
  setDefaultController(undefined);
});

test('setDefaultController refuses values that are not controllers and destroyed controllers', () => {
  assert.throws(() => setDefaultController({} as never), { name: 'TypeError', message: /must come from createDddk/ });
  const dead = createDddk();
  dead.destroy();
  assert.throws(() => setDefaultController(dead), { message: /was destroyed/ });
});

test('the registry is shared through globalThis, so a second copy of the module sees the same controllers', async () => {
  const dddk = createDddk({ id: 'shared' });
  // A query string makes Node load a separate instance of the module, as a second bundle would.
  const copy = (await import(`../../../core/controller/registry.ts?copy=${Date.now()}`)) as typeof import('../../../core/controller/registry.js');
  assert.equal(copy.getController('shared'), dddk);
  dddk.destroy();
});
