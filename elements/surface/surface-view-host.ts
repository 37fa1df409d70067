import type { DddkController } from '../../core/controller/create-dddk.js';
import type { PieceCatalog } from '../../core/surface/piece-catalog.js';
import type { SurfaceData, SurfaceModel } from '../../core/surface/surface-model.js';
import type { DddkElement } from '../internal/dddk-element.js';

export type SurfaceMode = 'inline' | 'modal' | 'dock';

/**
 * What the lazily loaded view of `<dddk-surface>` reads from, and sets on, its element. The element
 * implements it, so the view never imports the element's module (nor the element the view's).
 */
export interface SurfaceViewHost extends DddkElement {
  readonly controller: DddkController | undefined;
  readonly for: string | undefined;
  readonly surface: unknown;
  readonly model: SurfaceModel | undefined;
  readonly data: SurfaceData | undefined;
  readonly catalog: PieceCatalog | undefined;
  readonly mode: SurfaceMode;
  /** The view closes a modal or dock by setting it to false. */
  open: boolean;
  readonly label: string | undefined;
}
