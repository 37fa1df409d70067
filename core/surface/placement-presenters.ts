/**
 * Views that show a controller's placement slot inside themselves (the subtitle bar shows
 * `subtitle`, the palette shows `palette`). `renderSurface()` and `<dddk-placements>` consult this
 * so a slot is drawn once, by its own view, and float only when no such view is on the page.
 */
import type { PlacementSlot } from './placements.js';

const presentersByController = new WeakMap<object, Map<PlacementSlot, Set<object>>>();

/** Records `presenter` as showing `slot` of `controller` until the returned function is called. */
export function presentPlacementSlot(controller: object, slot: PlacementSlot, presenter: object): () => void {
  let bySlot = presentersByController.get(controller);
  if (!bySlot) {
    bySlot = new Map();
    presentersByController.set(controller, bySlot);
  }
  let presenters = bySlot.get(slot);
  if (!presenters) {
    presenters = new Set();
    bySlot.set(slot, presenters);
  }
  presenters.add(presenter);
  return () => presenters.delete(presenter);
}

/** The views showing `slot` of `controller`, oldest first. */
export function placementSlotPresenters(controller: object, slot: PlacementSlot): object[] {
  return [...(presentersByController.get(controller)?.get(slot) ?? [])];
}
