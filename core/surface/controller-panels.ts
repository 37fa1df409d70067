import { attachControllerPanels, peekControllerPanels } from './controller-surfaces.js';
import type { PieceCatalog } from './piece-catalog.js';
import { createPinnedPanelRegistry, type PinnedPanelRegistry } from './pinned-panels.js';

/**
 * The pinned panels of `controller`, created on first use; `<dddk-panel>` elements of the
 * controller show them. `catalog` applies only when the registry is created.
 */
export function controllerPanels(controller: object, options: { catalog?: PieceCatalog } = {}): PinnedPanelRegistry {
  const existing = peekControllerPanels(controller);
  if (existing) return existing;
  const registry = createPinnedPanelRegistry(options);
  attachControllerPanels(controller, registry);
  return registry;
}
