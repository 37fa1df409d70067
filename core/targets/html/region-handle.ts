/** The attribute a host puts on an element to publish it as an editable region. */
export const REGION_ATTRIBUTE = 'data-agent-element';
/** Optional attribute naming what kind of region it is (untrusted page text). */
export const REGION_ROLE_ATTRIBUTE = 'data-agent-role';
/** Optional attribute with a human label for the region (untrusted page text). */
export const REGION_LABEL_ATTRIBUTE = 'data-agent-label';

/** Longest handle accepted; a handle is an identifier, not a description. */
export const MAX_HANDLE_LENGTH = 64;

// Lowercase ASCII words (letters and digits, starting with a letter) joined by single hyphens. The
// shape keeps a handle safe to interpolate into a CSS attribute selector and easy for a model to copy.
const HANDLE_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * Says what is wrong with a region handle, or returns undefined when it is valid. The reason is
 * phrased for whoever wrote the markup (a host author or a model).
 */
export function describeHandleProblem(handle: string): string | undefined {
  if (handle.length === 0) return 'the handle is empty';
  if (handle.length > MAX_HANDLE_LENGTH) {
    return `the handle is ${handle.length} characters long; at most ${MAX_HANDLE_LENGTH} are allowed`;
  }
  if (!HANDLE_PATTERN.test(handle)) {
    return 'a handle must be lowercase ASCII words (a-z, 0-9, starting with a letter) joined by single hyphens, e.g. "hero" or "pricing-table"';
  }
  return undefined;
}

/** Whether a string is a valid region handle. */
export function isValidRegionHandle(handle: string): boolean {
  return describeHandleProblem(handle) === undefined;
}
