/**
 * A controller's surface slots: its placements (transient surfaces shown in a named place) and,
 * once a host makes them, its pinned panels. This file stays tiny on purpose: the elements read it
 * at first paint, while the validating code behind panels loads only when a host makes one.
 */
import type { DddkController } from '../controller/controller.types.js';
import { slotKey } from '../controller/slots.js';
import type { PlacedSurface } from './placed-surface.types.js';
import { createPlacements, PLACEMENT_SLOTS, type Placements } from './placements.js';
import type { PinnedPanelRegistry } from './pinned-panels.js';

export type { PlacedSurface } from './placed-surface.types.js';

// A destroyed controller's surfaces are cancelled, so no caller of renderSurface() waits forever.
const PLACEMENTS = slotKey<Placements<PlacedSurface>>('placements', cancelAll);
export const PANELS = slotKey<PinnedPanelRegistry>('panels', (registry) => registry.clear());

/** The placements of `controller`, created on first use; every view of the controller shares them. */
export function controllerPlacements(controller: DddkController): Placements<PlacedSurface> {
  return controller.slots.use(PLACEMENTS, () => createPlacements<PlacedSurface>());
}

/** The pinned-panel registry of `controller` if one was created (by `controllerPanels`), else `undefined`. */
export function peekControllerPanels(controller: DddkController): PinnedPanelRegistry | undefined {
  return controller.slots.peek(PANELS);
}

/** Calls `listener` when `controller` gets its pinned-panel registry; returns the unsubscribe. */
export function watchControllerPanels(controller: DddkController, listener: (registry: PinnedPanelRegistry) => void): () => void {
  return controller.slots.watch(PANELS, listener);
}

function cancelAll(placements: Placements<PlacedSurface>): void {
  for (const slot of PLACEMENT_SLOTS) {
    for (const placement of placements.in(slot)) {
      const content = placement.content();
      placement.unmount();
      content.settle({ action: { type: 'cancel' }, data: content.data ?? {} });
    }
  }
}
