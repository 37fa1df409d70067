export { createQAIndex, type QAIndex, type QAIndexOptions, type QALookup, type QAMatch } from './qa-index.js';
export type { QAItem } from './qa-item.js';
