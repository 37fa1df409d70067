import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPinnedPanelRegistry, type PinnedPanelEvent } from '../../../core/surface/pinned-panels.js';
import { createPlacements, type PlacementSlot } from '../../../core/surface/placements.js';
import { createSurfaceModel } from '../../../core/surface/surface-model.js';

const form = { root: { piece: 'TextField', props: { label: 'Name', value: { $bind: '/name' } } } };

test('a surface model has one state, { data }, and leaves the host data unfrozen', async () => {
  const model = createSurfaceModel(form);
  const given = { name: 'Ada', tags: ['a'] };
  model.replaceData(given);
  assert.equal(model.getState().data, given);
  assert.equal(model.getData(), given);
  assert.ok(Object.isFrozen(model.getState()), 'the state object itself is frozen');
  assert.equal(Object.isFrozen(given), false, 'the host keeps a plain object');
  model.dispatch({ type: 'submit' });
  const result = await model.result;
  assert.equal(Object.isFrozen(result.data), false);
});

test('a surface listener error reaches the code that changed the data, and a change made by a listener reaches every listener after it', () => {
  const model = createSurfaceModel(form);
  const seen: Array<[unknown, unknown]> = [];
  model.subscribe((data) => {
    if (data['name'] === 'one') model.setData('/name', 'two');
  });
  model.subscribe((data, previous) => seen.push([data['name'], previous['name']]));
  model.setData('/name', 'one');
  assert.deepEqual(seen, [
    ['one', undefined],
    ['two', 'one'],
  ]);
  const failing = createSurfaceModel(form);
  failing.subscribe(() => {
    throw new Error('view broke');
  });
  assert.throws(() => failing.setData('/name', 'x'), /view broke/);
});

test('placements keep their lists in one state; listeners hear every slot changed while they were being told', () => {
  const placements = createPlacements<string>();
  const heard: PlacementSlot[] = [];
  placements.subscribe((slot) => {
    // A toast that brings a banner and a fab along.
    if (slot === 'toast' && placements.in('banner').length === 0) {
      placements.mount('banner', 'B');
      placements.mount('fab', 'F');
    }
  });
  placements.subscribe((slot) => heard.push(slot));
  const toast = placements.mount('toast', 'T');
  assert.deepEqual(heard, ['toast', 'banner', 'fab']);
  assert.deepEqual(placements.getState().slots.toast, [toast]);
  assert.ok(Object.isFrozen(placements.getState().slots.toast));
  assert.throws(() => {
    placements.subscribe(() => {
      throw new Error('view broke');
    });
    placements.mount('modal', 'M');
  }, /view broke/);
});

test('the panel registry tells every event in order, those raised by its listeners included, and keeps its panels in its state', () => {
  const panels = createPinnedPanelRegistry();
  const events: Array<[PinnedPanelEvent['type'], string]> = [];
  let replaced = false;
  panels.subscribe((event) => {
    // Re-creating "a" while hearing of "b": a dismissal and an opening, both told after this event.
    if (event.type === 'opened' && event.panel.id === 'b' && !replaced) {
      replaced = true;
      panels.create({ id: 'a', surface: form });
    }
  });
  panels.subscribe((event) => events.push([event.type, event.panel.id]));
  const first = panels.create({ id: 'a', surface: form });
  panels.create({ id: 'b', surface: form });
  assert.deepEqual(events, [
    ['opened', 'a'],
    ['opened', 'b'],
    ['dismissed', 'a'],
    ['opened', 'a'],
  ]);
  assert.equal(first.isOpen(), false);
  assert.deepEqual(
    panels.getState().panels.map((panel) => panel.id),
    ['b', 'a'],
  );
  assert.equal(panels.getState().lastEvent?.type, 'opened');
});
