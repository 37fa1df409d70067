import { createHtmlSanitizer, REGION_POLICY, type HtmlSanitizer } from '../internal/sanitize/html-sanitizer.js';

/** Turns a region's accepted HTML into DOM that carries no script, handler, style or unsafe URL. */
export type RegionHtmlSanitizer = HtmlSanitizer;

export function createRegionHtmlSanitizer(window: Window & typeof globalThis): RegionHtmlSanitizer {
  return createHtmlSanitizer(window, REGION_POLICY);
}
