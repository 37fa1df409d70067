import type { RegionEditorUi } from './region-editor-ui.js';

// The editor's working parts (its view, parse5, the loop, the diff) stay out of the first paint:
// they are fetched when a page first needs them. A failed load is not cached, so a later call tries
// again.

const CHUNKS_HINT = 'When using dddk.min.js, serve its chunks/ folder next to it.';

let ui: Promise<typeof RegionEditorUi> | undefined;

export function loadRegionEditorUi(): Promise<typeof RegionEditorUi> {
  ui ??= import('./region-editor-ui.js')
    .then((module) => module.RegionEditorUi)
    .catch((cause: unknown) => {
      ui = undefined;
      throw new Error(`dddk: could not load the region editor. ${CHUNKS_HINT}`, { cause });
    });
  return ui;
}
