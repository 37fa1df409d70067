import type { RegionEditorUi } from './region-editor-ui.js';
import type { RegionHtmlSanitizer } from './sanitize-region-html.js';

// The editor's working parts (its view, parse5, the loop, the diff) and DOMPurify stay out of the
// first paint: each is fetched when a page first needs it. A failed load is not cached, so a later
// call tries again.

const CHUNKS_HINT = 'When using dddk.min.js, serve its chunks/ folder next to it.';

let ui: Promise<typeof RegionEditorUi> | undefined;
let sanitizer: Promise<RegionHtmlSanitizer> | undefined;

export function loadRegionEditorUi(): Promise<typeof RegionEditorUi> {
  ui ??= import('./region-editor-ui.js')
    .then((module) => module.RegionEditorUi)
    .catch((cause: unknown) => {
      ui = undefined;
      throw new Error(`dddk: could not load the region editor. ${CHUNKS_HINT}`, { cause });
    });
  return ui;
}

export function loadRegionHtmlSanitizer(): Promise<RegionHtmlSanitizer> {
  sanitizer ??= import('./sanitize-region-html.js')
    .then(({ createRegionHtmlSanitizer }) => createRegionHtmlSanitizer(window))
    .catch((cause: unknown) => {
      sanitizer = undefined;
      throw new Error(`dddk: could not load the HTML sanitizer. ${CHUNKS_HINT}`, { cause });
    });
  return sanitizer;
}
