export {
  HTML_DOCUMENT_SNAPSHOT_KEY,
  createHtmlRegionTarget,
  type HtmlDocumentStore,
  type HtmlRegionTargetDeps,
  type HtmlRegionTargetOptions,
} from './html-region-target.js';
export { policyViolations, type PolicyViolation } from './content-policy.js';
