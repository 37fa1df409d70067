import type { DddkController } from '../../core/controller/create-dddk.js';
import type { PlacedSurface } from '../../core/surface/controller-surfaces.js';
import type { PlacementSlot, Placements } from '../../core/surface/placements.js';

/**
 * What the lazily loaded view of `<dddk-placements>` reads from its element. The element implements
 * it, so the view never imports the element's module (nor the element the view's).
 */
export interface PlacementsViewHost {
  readonly shadowRoot: ShadowRoot | null;
  readonly activeController: DddkController | undefined;
  /** The controller's placements, once the element has a controller. */
  readonly placements: Placements<PlacedSurface> | undefined;
  /** The slots the element shows, in drawing order. */
  readonly shownSlots: readonly PlacementSlot[];
}
