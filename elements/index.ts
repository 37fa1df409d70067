export { DddkElement, type DddkElementEventName, type EmptyDetail } from './internal/dddk-element.js';
export { ModelBinding, type ControllerConsumer, type ModelBindingOptions, type Subscribable } from './internal/model-binding.js';
export { DddkSubtitle, defineSubtitle } from './subtitle/subtitle.js';
export { DddkPalette, definePalette } from './palette/palette.js';
// The chip bar loads with the palette, not at first paint: `loadContextChips()` registers it.
export type { DddkContextChips } from './palette-context/context-chips.js';
export { loadContextChips, type ContextChipsModule } from './palette-context/lazy-context-chips.js';
export { DddkRegionEditor, defineRegionEditor } from './region-editor/region-editor.js';
export { DddkSurface, defineSurface, type SurfaceMode } from './surface/surface.js';
export { DddkPlacements, definePlacements } from './surface/placements.js';
export { renderSurface, type RenderSurfaceOptions, type RenderedSurface, type SurfacePatch } from './surface/render-surface.js';
export { DddkPanel, definePanel } from './panel/panel.js';
export { DddkOfflineNotice, defineOfflineNotice } from './offline-notice/offline-notice.js';
export { defineElements } from './define-elements.js';
export type * from './events/index.js';
export { loadMarkdownRenderer } from './internal/markdown/lazy-markdown.js';
export { markdown } from './internal/markdown/markdown.directive.js';
export type { MarkdownRenderer } from './internal/markdown/sanitize-markdown.js';
