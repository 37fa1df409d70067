import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDddk } from '../../../core/controller/create-dddk.js';
import { controllerPanels } from '../../../core/surface/controller-panels.js';
import { controllerPlacements, peekControllerPanels, watchControllerPanels } from '../../../core/surface/controller-surfaces.js';
import { createPinnedPanelRegistry } from '../../../core/surface/pinned-panels.js';
import { surfaceStrings } from '../../../core/surface/surface.strings.js';

const body = { root: { piece: 'Body', props: { text: { $bind: '/text' } } }, data: { text: 'hi' } };

test('controllerPlacements: one shared placements object per controller', () => {
  const a = createDddk();
  const b = createDddk();
  assert.equal(controllerPlacements(a), controllerPlacements(a));
  assert.notEqual(controllerPlacements(a), controllerPlacements(b));
  const settled: unknown[] = [];
  controllerPlacements(a).mount('modal', { surface: body, settle: (result) => settled.push(result) });
  assert.equal(controllerPlacements(a).in('modal').length, 1);
  assert.equal(controllerPlacements(b).in('modal').length, 0);
});

test('controllerPanels: created on first use, seen by peek and by watchers, never replaced', () => {
  const controller = createDddk();
  assert.equal(peekControllerPanels(controller), undefined);
  const seen: unknown[] = [];
  const stop = watchControllerPanels(controller, (registry) => seen.push(registry));
  const registry = controllerPanels(controller);
  assert.equal(peekControllerPanels(controller), registry);
  assert.deepEqual(seen, [registry]);
  assert.equal(controllerPanels(controller), registry);
  assert.equal(seen.length, 1, 'a second call notifies nobody');
  stop();
  assert.notEqual(controllerPanels(createDddk()), registry);
});

test('destroy cancels placed surfaces and dismisses pinned panels; the slots are gone with the controller', () => {
  const controller = createDddk();
  const settled: unknown[] = [];
  controllerPlacements(controller).mount('modal', { surface: body, data: { text: 'kept' }, settle: (result) => settled.push(result) });
  const registry = controllerPanels(controller);
  registry.create({ id: 'p', surface: body });
  const events: string[] = [];
  registry.subscribe((event) => events.push(event.type));
  controller.destroy();
  assert.ok(events.includes('dismissed'), 'the panel was dismissed');
  assert.deepEqual(settled, [{ action: { type: 'cancel' }, data: { text: 'kept' } }]);
  assert.equal(peekControllerPanels(controller), undefined);
  assert.throws(() => controllerPlacements(controller), /controller was destroyed.*createDddk\(\)/);
});

test('watchControllerPanels: an unsubscribed watcher is not called', () => {
  const controller = createDddk();
  let calls = 0;
  watchControllerPanels(controller, () => calls++)();
  controllerPanels(controller);
  assert.equal(calls, 0);
});

test('PinnedPanel.subscribe: told about updates, data changes (also on a new model) and dismissal', () => {
  const panel = createPinnedPanelRegistry().create({ id: 'p', surface: body });
  let calls = 0;
  panel.subscribe(() => calls++);
  panel.setData({ text: 'one' });
  assert.equal(calls, 1);
  panel.update({ title: 'T' });
  assert.equal(calls, 2);
  panel.update({ surface: body });
  assert.equal(calls, 3);
  panel.getState().model.setData('/text', 'two');
  assert.equal(calls, 4, 'data changes of the new model are forwarded');
  panel.dismiss();
  assert.equal(calls, 5);
  panel.dismiss();
  assert.equal(calls, 5, 'dismissing twice notifies once');
});

test('PinnedPanel.subscribe: the unsubscribe stops notifications', () => {
  const panel = createPinnedPanelRegistry().create({ id: 'p', surface: body });
  let calls = 0;
  const stop = panel.subscribe(() => calls++);
  stop();
  panel.setData({ text: 'x' });
  assert.equal(calls, 0);
});

test('surfaceStrings: English by default, Traditional Chinese for every zh locale, same keys', () => {
  assert.equal(surfaceStrings('en-GB').close, 'Close');
  assert.equal(surfaceStrings('fr').close, 'Close');
  assert.equal(surfaceStrings('zh-TW').close, '關閉');
  assert.equal(surfaceStrings('zh-Hans').close, '關閉');
  assert.deepEqual(Object.keys(surfaceStrings('zh-TW')).sort(), Object.keys(surfaceStrings('en')).sort());
  assert.equal(surfaceStrings('en').dismissPanel('Orders'), 'Close Orders');
  assert.equal(surfaceStrings('en').dismissPanel(undefined), 'Close panel');
});

test('surfaceStrings: a host overrides words with addStrings', async () => {
  const { addStrings, clearStrings } = await import('../../../core/i18n/string-registry.js');
  try {
    addStrings('en', { surface: { close: 'Dismiss', dismissPanel: 'Hide {0}' } });
    assert.equal(surfaceStrings('en').close, 'Dismiss');
    assert.equal(surfaceStrings('en').dismissPanel('Orders'), 'Hide Orders');
    assert.equal(surfaceStrings('en').loading, 'Loading…', 'keys left out keep the built-in text');
  } finally {
    clearStrings();
  }
});
