/**
 * Part paths of a file-tree target. A path arrives from a model or from a store, so it is checked
 * at the boundary and refused rather than repaired: a repaired path could name a file the host
 * never published.
 */

export const MAX_PART_PATH_LENGTH = 512;
const MAX_SEGMENT_LENGTH = 255;

export type PartPathCheck = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string };

// C0 and C1 control characters, DEL, and the Unicode line and paragraph separators.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
const PERCENT_ESCAPE = /%[0-9a-f]{2}/iu;

/**
 * Returns the path in Unicode NFC form, or a reason naming the defect. Accepted paths are
 * relative, slash-separated, with no empty, `.` or `..` segment.
 */
export function checkPartPath(path: unknown): PartPathCheck {
  if (typeof path !== 'string') return { ok: false, reason: 'A path must be a string.' };
  if (path.length === 0) return { ok: false, reason: 'The path is empty.' };
  if (path.length > MAX_PART_PATH_LENGTH) {
    return { ok: false, reason: `The path is ${path.length} characters long; the limit is ${MAX_PART_PATH_LENGTH}.` };
  }
  if (CONTROL_CHARACTER.test(path)) return { ok: false, reason: 'The path contains a NUL or control character.' };
  if (path.includes('\\')) return { ok: false, reason: 'The path contains a backslash; separate folders with "/".' };
  if (path.startsWith('/')) return { ok: false, reason: 'The path is absolute; give it relative to the project root, without a leading "/".' };
  if (path.includes(':')) return { ok: false, reason: 'The path contains ":", which names a drive or a stream on some systems.' };
  if (PERCENT_ESCAPE.test(path)) return { ok: false, reason: 'The path contains a percent escape such as %2e; write the characters themselves.' };
  const normalized = path.normalize('NFC');
  for (const segment of normalized.split('/')) {
    if (segment === '') return { ok: false, reason: 'The path has an empty segment ("//" or a trailing "/").' };
    if (segment === '.' || segment === '..') return { ok: false, reason: `The path has a "${segment}" segment; name the file directly.` };
    if (segment.length > MAX_SEGMENT_LENGTH) {
      return { ok: false, reason: `A segment of the path is longer than ${MAX_SEGMENT_LENGTH} characters.` };
    }
  }
  return { ok: true, path: normalized };
}

/** Like `checkPartPath`, for host calls: throws an error that names the path and the defect. */
export function assertPartPath(path: unknown, action: string): string {
  const check = checkPartPath(path);
  if (!check.ok) {
    const shown = typeof path === 'string' ? JSON.stringify(path.slice(0, 120)) : typeof path;
    throw new TypeError(`dddk: cannot ${action} ${shown}: ${check.reason}`);
  }
  return check.path;
}
