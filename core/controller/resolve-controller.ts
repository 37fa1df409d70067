import type { DddkController } from './controller.types.js';
import { getDefaultController } from './default-controller.js';
import { getController, peekDefaultController } from './registry.js';

/** What an element says about its controller. */
export interface ControllerSource {
  /** Set by the host page; wins over `for` and the page default. */
  controller?: DddkController | undefined;
  /** The id of a controller created with `createDddk({ id })`. */
  for?: string | undefined;
}

/**
 * The one rule by which an element finds its controller: its `controller` property, else the
 * controller its `for` attribute names, else the page default. A destroyed controller counts as
 * none. `createDefault` makes the page default when there is none yet (an element that renders
 * does); without it the question only looks (asking "which view shows this?" creates nothing).
 */
export function resolveController(source: ControllerSource, options: { createDefault: boolean }): DddkController | undefined {
  const found = source.controller ?? (source.for ? getController(source.for) : options.createDefault ? getDefaultController() : peekDefaultController());
  return found && !found.destroyed ? found : undefined;
}
