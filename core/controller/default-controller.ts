import {
  isDefaultControllerAutomatic,
  peekDefaultController,
  setDefaultControllerSlot,
} from './registry.js';
import type { DddkController } from './controller.types.js';
import { createDddk, isDddkController } from './create-dddk.js';

/**
 * The page's default controller: the one an element uses when it has neither a `controller`
 * property nor a `for` attribute. Created with the default config on first use unless the host
 * provided one through `setDefaultController`.
 */
export function getDefaultController(): DddkController {
  const existing = peekDefaultController();
  if (existing && !existing.destroyed) return existing;
  const created = createDddk();
  setDefaultControllerSlot(created, true);
  return created;
}

/**
 * Makes `controller` the page default; elements that use the default switch to it. A default that
 * was created automatically is destroyed when replaced; one the host gave is left to the host.
 */
export function setDefaultController(controller: DddkController | undefined): void {
  if (controller !== undefined && !isDddkController(controller)) {
    throw new TypeError('setDefaultController(controller): controller must come from createDddk() or be undefined');
  }
  if (controller?.destroyed) {
    throw new Error('setDefaultController(controller): this controller was destroyed; create a new one with createDddk()');
  }
  const previous = peekDefaultController();
  if (previous === controller) return;
  const previousWasAutomatic = isDefaultControllerAutomatic();
  setDefaultControllerSlot(controller);
  if (previous && previousWasAutomatic) previous.destroy();
}
