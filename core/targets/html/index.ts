export { createParse5RegionParser } from './parse5-region-parser.js';
export {
  MAX_HANDLE_LENGTH,
  REGION_ATTRIBUTE,
  REGION_LABEL_ATTRIBUTE,
  REGION_ROLE_ATTRIBUTE,
  describeHandleProblem,
  isValidRegionHandle,
} from './region-handle.js';
export type { HtmlParseProblem, HtmlRegion, HtmlRegionParser, RegionScan, RegionTreeScan, WellFormedReport } from './region-parser.types.js';
export { RegionScanError, type RegionRefusal, type RegionRefusalCode } from './region-scan-error.js';
