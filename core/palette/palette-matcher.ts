import type { createFuzzyMatcher } from '../search/fuzzy/matcher.js';
import { lazyModule } from '../util/lazy-module.js';

export type MatcherFactory = typeof createFuzzyMatcher;

// Only a typed query needs the matcher, so the drop-in keeps it out of its first chunk; a palette
// model starts loading it when created.
const matcher = lazyModule("the palette's fuzzy matcher", () => import('../search/fuzzy/matcher.js').then((module) => module.createFuzzyMatcher));

/** The fuzzy matcher if it has loaded, else undefined. */
export function loadedPaletteMatcher(): MatcherFactory | undefined {
  return matcher.loaded;
}

/** Loads the fuzzy matcher once; a failed load is retried next time. */
export function loadPaletteMatcher(): Promise<MatcherFactory> {
  return matcher.load();
}
