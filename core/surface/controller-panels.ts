import type { DddkController } from '../controller/controller.types.js';
import { PANELS } from './controller-surfaces.js';
import type { PieceCatalog } from './piece-catalog.js';
import { createPinnedPanelRegistry, type PinnedPanelRegistry } from './pinned-panels.js';

/**
 * The pinned panels of `controller`, created on first use; `<dddk-panel>` elements of the
 * controller show them. `catalog` applies only when the registry is created.
 */
export function controllerPanels(controller: DddkController, options: { catalog?: PieceCatalog } = {}): PinnedPanelRegistry {
  return controller.slots.use(PANELS, () => createPinnedPanelRegistry(options));
}
