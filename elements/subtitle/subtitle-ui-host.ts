import type { CSSResultOrNative } from 'lit';
import type { DddkController } from '../../core/controller/create-dddk.js';
import type { GestureThresholds } from '../../core/input/gesture.types.js';
import type { SubtitleView } from '../../core/subtitle/subtitle.connect.js';
import type { SubtitleModel } from '../../core/subtitle/subtitle.types.js';
import type { PlacedSurface } from '../../core/surface/controller-surfaces.js';
import type { Placement } from '../../core/surface/placements.js';
import type { DddkElement } from '../internal/dddk-element.js';

/**
 * What the bar's lazily loaded view reads from its `<dddk-subtitle>`. The element implements it, so
 * the view never imports the element's module (nor the element the view's).
 */
export interface SubtitleUiHost {
  /** The element: the view renders into its shadow root, emits its events and joins its lifecycle. */
  readonly element: DddkElement;
  /** The element's styles, which the view's own join in its shadow root. */
  readonly baseStyles: readonly CSSResultOrNative[];
  readonly controller: DddkController | undefined;
  readonly model: SubtitleModel | undefined;
  /** The view of the model that the element renders in this update. */
  readonly view: SubtitleView | undefined;
  /** The surfaces placed in the bar, in mount order. */
  readonly placed: readonly Placement<PlacedSurface>[];
  readonly gestureThresholds: Partial<GestureThresholds> | undefined;
}
