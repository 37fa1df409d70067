export { readDOM, type ReadDomOptions, type ReadDomResult } from './read-dom.js';
export { IndexMap, resolveTarget, type ResolvedTarget, type TargetFailureReason } from './index-map.js';
export { FoldMap, lookUpFold, type Fold, type FoldLookup } from './folds.js';
export { elementId } from './element-ids.js';
