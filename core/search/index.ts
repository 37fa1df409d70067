export { tokenize, foldText, foldPlural } from './tokenize.js';
export { createTextIndex, type TextIndex, type TextIndexOptions, type TextHit, type SearchOptions } from './text-index.js';
export * from './fuzzy/index.js';
export { HeatRank, type HeatStorage, type HeatRankOptions } from './heat-rank.js';
export * from './catalog/index.js';
export * from './qa/index.js';
export * from './recommend/index.js';
