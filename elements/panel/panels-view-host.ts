import type { DddkController } from '../../core/controller/create-dddk.js';
import type { PinnedPanel } from '../../core/surface/pinned-panels.js';

/**
 * What the lazily loaded panel frames read from, and call back into, their `<dddk-panel>`. The
 * element implements it, so the frames never import the element's module (nor the element theirs).
 */
export interface PanelsViewHost {
  readonly shadowRoot: ShadowRoot | null;
  readonly activeController: DddkController | undefined;
  /** The panels to draw, in creation order. */
  readonly panels: PinnedPanel[];
  /** The user pressed the close button of `panel`. */
  requestDismiss(panel: PinnedPanel): void;
}
