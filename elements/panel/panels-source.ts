import type { DddkController } from '../../core/controller/controller.types.js';
import { peekControllerPanels, watchControllerPanels } from '../../core/surface/controller-surfaces.js';
import type { PinnedPanelRegistry } from '../../core/surface/pinned-panels.js';
import type { Subscribable } from '../internal/model-binding.js';

export interface PanelsSource extends Subscribable {
  /** The controller's registry, once a host created it with `controllerPanels(controller)`. */
  registry(): PinnedPanelRegistry | undefined;
}

/**
 * The pinned panels of `controller` as something to subscribe to, without creating the registry:
 * the validating code behind panels loads only when the host makes one.
 */
export function panelsSource(controller: DddkController): PanelsSource {
  return {
    registry: () => peekControllerPanels(controller),
    subscribe(listener) {
      let stopRegistry = peekControllerPanels(controller)?.subscribe(listener);
      const stopWatching = watchControllerPanels(controller, (registry) => {
        stopRegistry?.();
        stopRegistry = registry.subscribe(listener);
        listener();
      });
      return () => {
        stopWatching();
        stopRegistry?.();
      };
    },
  };
}
