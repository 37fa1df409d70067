import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPlacements, type PlacementSlot } from '../../../core/surface/placements.js';

test('mounts stack in order per slot; update and unmount notify that slot', () => {
  const placements = createPlacements<string>();
  const changes: PlacementSlot[] = [];
  placements.subscribe((slot) => changes.push(slot));
  const first = placements.mount('toast', 'Saved');
  const second = placements.mount('toast', 'Sent');
  placements.mount('dock', 'Help');
  assert.deepEqual(placements.in('toast').map((p) => p.content()), ['Saved', 'Sent']);
  first.update('Saved!');
  assert.equal(placements.in('toast')[0]!.content(), 'Saved!');
  first.unmount();
  first.unmount();
  assert.deepEqual(placements.in('toast'), [second]);
  assert.equal(first.isMounted(), false);
  assert.deepEqual(changes, ['toast', 'toast', 'dock', 'toast', 'toast']);
});

test('replace empties the slot first; clear empties every slot', () => {
  const placements = createPlacements<string>();
  const old = placements.mount('modal', 'One');
  placements.mount('modal', 'Two', { replace: true });
  assert.equal(old.isMounted(), false);
  assert.deepEqual(placements.in('modal').map((p) => p.content()), ['Two']);
  placements.mount('banner', 'B');
  placements.clear();
  assert.deepEqual([...placements.in('modal'), ...placements.in('banner')], []);
});

test('an unknown slot is refused with the list of slots', () => {
  assert.throws(() => createPlacements().mount('sidebar' as PlacementSlot, 'x'), /Unknown placement slot "sidebar"; use one of subtitle, indicator/);
});
