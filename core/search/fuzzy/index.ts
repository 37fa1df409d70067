export {
  createFuzzyMatcher,
  scoreItem,
  DEFAULT_KEYS,
  FRECENCY_BAND,
  type FuzzyKey,
  type FuzzyMatcher,
  type FuzzyMatcherOptions,
  type FuzzyResult,
  type FuzzySearchOptions,
  type FieldMatch,
  type FrecencySource,
} from './matcher.js';
export { highlight as highlightMatches, type HighlightSegment } from './highlight.js';
export type { MatchRange } from './ranges.js';
