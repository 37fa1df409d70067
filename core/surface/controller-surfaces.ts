/**
 * Where a controller's surfaces live: its placements (transient surfaces shown in a named place)
 * and, once created, its pinned-panel registry. This file stays tiny on purpose: the elements read
 * it at first paint, while the validating code behind panels loads only when a host makes one.
 */
import { createPlacements, type Placements } from './placements.js';
import type { PinnedPanelRegistry } from './pinned-panels.js';
import type { SurfaceActionEvent, SurfaceData, SurfaceResult } from './surface-model.js';

/** What `renderSurface()` mounts in a placement: the surface JSON, and how to report its outcome. */
export interface PlacedSurface {
  /** The surface JSON; the view validates it and shows the issues in place when it is invalid. */
  surface: unknown;
  data?: SurfaceData;
  /** The accessible name of a modal or dock; defaults to the surface's first heading. */
  label?: string;
  /** The view reports every action here, custom ones included. */
  onAction?(event: SurfaceActionEvent): void;
  /** The view calls this once, with the first submit or cancel (Esc and close count as cancel). */
  settle(result: SurfaceResult): void;
}

// Keyed by the controller object, so nothing outlives a controller the page dropped.
const placementsByController = new WeakMap<object, Placements<PlacedSurface>>();
const panelsByController = new WeakMap<object, PinnedPanelRegistry>();
const panelWatchers = new WeakMap<object, Set<(registry: PinnedPanelRegistry) => void>>();

/** The placements of `controller`, created on first use; every view of the controller shares them. */
export function controllerPlacements(controller: object): Placements<PlacedSurface> {
  let placements = placementsByController.get(controller);
  if (!placements) {
    placements = createPlacements<PlacedSurface>();
    placementsByController.set(controller, placements);
  }
  return placements;
}

/** The pinned-panel registry of `controller` if one was created (by `controllerPanels`), else `undefined`. */
export function peekControllerPanels(controller: object): PinnedPanelRegistry | undefined {
  return panelsByController.get(controller);
}

/** Calls `listener` when `controller` gets its pinned-panel registry; returns the unsubscribe. */
export function watchControllerPanels(controller: object, listener: (registry: PinnedPanelRegistry) => void): () => void {
  let watchers = panelWatchers.get(controller);
  if (!watchers) {
    watchers = new Set();
    panelWatchers.set(controller, watchers);
  }
  watchers.add(listener);
  return () => watchers.delete(listener);
}

/** Records `registry` as the one of `controller` and tells the watchers. Used by `controllerPanels`. */
export function attachControllerPanels(controller: object, registry: PinnedPanelRegistry): void {
  if (panelsByController.get(controller) === registry) return;
  panelsByController.set(controller, registry);
  for (const listener of [...(panelWatchers.get(controller) ?? [])]) listener(registry);
}
