import { definePalette } from './palette/palette.js';
import { defineRegionEditor } from './region-editor/region-editor.js';
import { defineSubtitle } from './subtitle/subtitle.js';
import { defineSurface } from './surface/surface.js';
import { definePlacements } from './surface/placements.js';
import { definePanel } from './panel/panel.js';
import { defineOfflineNotice } from './offline-notice/offline-notice.js';

/** Registers every element of the kit under its default tag; tags already defined are left alone. */
export function defineElements(): void {
  defineSubtitle();
  definePalette();
  defineRegionEditor();
  defineSurface();
  definePlacements();
  definePanel();
  defineOfflineNotice();
}
