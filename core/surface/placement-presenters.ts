/**
 * Views that show a controller's placement slot inside themselves (the subtitle bar shows
 * `subtitle`, the palette shows `palette`). `renderSurface()` and `<dddk-placements>` consult this
 * so a slot is drawn once, by its own view, and float only when no such view is on the page.
 */
import type { DddkController } from '../controller/controller.types.js';
import { slotKey } from '../controller/slots.js';
import type { PlacementSlot } from './placements.js';

const PRESENTERS = slotKey<Map<PlacementSlot, Set<object>>>('placement-presenters', (bySlot) => bySlot.clear());

/** Records `presenter` as showing `slot` of `controller` until the returned function is called. */
export function presentPlacementSlot(controller: DddkController, slot: PlacementSlot, presenter: object): () => void {
  const bySlot = controller.slots.use(PRESENTERS, () => new Map());
  let presenters = bySlot.get(slot);
  if (!presenters) bySlot.set(slot, (presenters = new Set()));
  presenters.add(presenter);
  const own = presenters;
  return () => {
    own.delete(presenter);
  };
}

/** The views showing `slot` of `controller`, oldest first. */
export function placementSlotPresenters(controller: DddkController, slot: PlacementSlot): object[] {
  return [...(controller.slots.peek(PRESENTERS)?.get(slot) ?? [])];
}
