import type { SubtitleUi } from './subtitle-ui.js';

// The bar's rendering, styles, markdown, gestures and touch stay out of the first download: a page
// fetches them the first time a bar has something to show. A failed load is not cached, so a later
// call tries again.

export type SubtitleUiClass = typeof SubtitleUi;

let loaded: SubtitleUiClass | undefined;
let pending: Promise<SubtitleUiClass> | undefined;

/** The bar's view, when a previous load has brought it (a second bar then renders at once). */
export function loadedSubtitleUi(): SubtitleUiClass | undefined {
  return loaded;
}

export function loadSubtitleUi(): Promise<SubtitleUiClass> {
  pending ??= import('./subtitle-ui.js').then(
    (module) => (loaded = module.SubtitleUi),
    (cause: unknown) => {
      pending = undefined;
      throw new Error('dddk: could not load the subtitle bar. When using dddk.min.js, serve its chunks/ folder next to it.', { cause });
    },
  );
  return pending;
}
