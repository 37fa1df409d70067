import { formatIssue, validateSurface } from '../surface/validate-surface.js';
import { fail } from './check-fields.js';

const SHOWN_ISSUES = 3;

/** Throws a TypeError naming the first issues of a surface that `validateSurface` refuses. */
export function checkSkillSurface(where: string, surface: unknown): void {
  const validation = validateSurface(surface);
  if (validation.ok) return;
  const shown = validation.errors.slice(0, SHOWN_ISSUES).map(formatIssue).join('; ');
  const more = validation.errors.length > SHOWN_ISSUES ? ` (and ${validation.errors.length - SHOWN_ISSUES} more)` : '';
  fail(where, `is not a valid surface: ${shown}${more}`);
}
