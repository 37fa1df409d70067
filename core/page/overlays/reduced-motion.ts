/**
 * Whether animations should be skipped: an explicit override wins, else the user's
 * `prefers-reduced-motion` setting. Reads `matchMedia` only when called.
 */
export function prefersReducedMotion(override?: boolean): boolean {
  if (override !== undefined) return override;
  if (typeof matchMedia !== 'function') return true;
  return matchMedia('(prefers-reduced-motion: reduce)').matches;
}
