import type { RegionChangeCause } from '../../core/region-editor/region-editor.types.js';

/**
 * Regions of the page were re-rendered from the document: an accepted proposal, a manual edit, an
 * undo, a redo, or the document's first load or a reload. `detail.ids` names the regions replaced.
 */
export type DddkRegionChangeEvent = CustomEvent<{ ids: readonly string[]; cause: RegionChangeCause }>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-region-change': DddkRegionChangeEvent;
  }
}
