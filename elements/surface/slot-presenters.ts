import { resolveController } from '../../core/controller/resolve-controller.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import type { PlacedSurface } from '../../core/surface/controller-surfaces.js';
import { placementSlotPresenters } from '../../core/surface/placement-presenters.js';
import type { PlacementSlot } from '../../core/surface/placements.js';

// The elements that show a slot inside themselves. One on the page counts even before it has
// registered (its view may still be loading), so the slot never floats beside it.
const PRESENTER_TAGS: Partial<Record<PlacementSlot, string>> = { subtitle: 'dddk-subtitle', palette: 'dddk-palette' };

interface ControllerElement extends HTMLElement {
  controller?: DddkController | undefined;
  for?: string | undefined;
}

/** The element a slot presenter opens (the palette) when a surface is placed while it is shut. */
interface OpenablePresenter {
  readonly isOpen: boolean;
  open(): void;
}

/** Surfaces whose placing opened their presenter, which closes again once they settle. */
export const openedForSurface = new WeakSet<PlacedSurface>();

/** The controller an element renders, resolved as the elements do: its property, else `for`, else the page default. */
export function elementController(element: ControllerElement): DddkController | undefined {
  return resolveController(element, { createDefault: false });
}

/** The view showing `slot` of `controller` inside itself, or `undefined` when that slot should float. */
export function slotPresenter(controller: DddkController, slot: PlacementSlot): object | undefined {
  const registered = placementSlotPresenters(controller, slot).find((presenter) => !(presenter instanceof Node) || presenter.isConnected);
  if (registered) return registered;
  const tag = PRESENTER_TAGS[slot];
  if (!tag || typeof document === 'undefined') return undefined;
  for (const element of document.querySelectorAll<ControllerElement>(tag)) {
    if (element.matches(':defined') && elementController(element) === controller) return element;
  }
  return undefined;
}

/** Opens a shut presenter (the palette) for `content`; returns whether it did. */
export function openPresenterFor(presenter: object, content: PlacedSurface): boolean {
  const openable = presenter as Partial<OpenablePresenter>;
  if (typeof openable.open !== 'function' || openable.isOpen !== false) return false;
  openable.open();
  openedForSurface.add(content);
  return true;
}
