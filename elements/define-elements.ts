import { definePalette } from './palette/palette.js';
import { defineRegionEditor } from './region-editor/region-editor.js';
import { defineSubtitle } from './subtitle/subtitle.js';
import { defineSurface } from './surface/surface.js';
import { definePlacements } from './surface/placements.js';
import { definePanel } from './panel/panel.js';
import { defineOfflineNotice } from './offline-notice/offline-notice.js';
import { provideSurfaceRenderer } from '../core/surface/surface-renderer.js';
import { renderSurface } from './surface/render-surface.js';

/** Registers every element of the kit under its default tag; tags already defined are left alone. */
export function defineElements(): void {
  defineSubtitle();
  definePalette();
  defineRegionEditor();
  defineSurface();
  definePlacements();
  definePanel();
  defineOfflineNotice();
  // The core's awaited surfaces (a skill's forms, `showSurfaceAndAwait`) reach the screen through these elements.
  provideSurfaceRenderer((controller, surface, options) => {
    const rendered = renderSurface(controller, surface, options);
    return { result: rendered.result, close: () => rendered.close(), update: (next) => rendered.update({ surface: next }) };
  });
}
