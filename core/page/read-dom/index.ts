export { readDOM, DEFAULT_TEXT_PER_LINE, type ReadDomOptions, type ReadDomResult } from './read-dom.js';
export { IndexMap, resolveTarget, type ResolvedTarget, type TargetFailureReason } from './index-map.js';
export { elementId } from './element-ids.js';
