import type { createFuzzyMatcher } from '../search/fuzzy/matcher.js';

export type MatcherFactory = typeof createFuzzyMatcher;

let factory: MatcherFactory | undefined;
let pending: Promise<MatcherFactory> | undefined;

/** The fuzzy matcher if it has loaded, else undefined. */
export function loadedPaletteMatcher(): MatcherFactory | undefined {
  return factory;
}

/**
 * Loads the fuzzy matcher. Only a typed query needs it, so the drop-in keeps it out of its first
 * chunk; a palette model starts loading it when created. A failed load is retried next time.
 */
export function loadPaletteMatcher(): Promise<MatcherFactory> {
  pending ??= import('../search/fuzzy/matcher.js').then(
    (module) => (factory = module.createFuzzyMatcher),
    (cause: unknown) => {
      pending = undefined;
      throw new Error("dddk: could not load the palette's fuzzy matcher. When using dddk.min.js, serve its chunks/ folder next to it.", { cause });
    },
  );
  return pending;
}
