import { resolveTextTarget } from './text-target.js';

/**
 * The ids one read printed, each mapped to its live element, plus the root the read covered (where
 * a CSS selector is looked up when a target is not one of the ids).
 */
export class IndexMap extends Map<string, Element> {
  constructor(readonly root: Document | Element) {
    super();
  }
}

export type TargetFailureReason = 'not_found' | 'stale';

export type ResolvedTarget =
  | { ok: true; element: Element; via: 'id' | 'selector' }
  | { ok: false; reason: TargetFailureReason; message: string };

const BRACKETED = /^\[([0-9a-z]+)\]$/;
const FOLD_ID = /^f[0-9a-z]+$/;
const TEXT_PREFIX = 'text:';

/**
 * Finds the element a model named: an id from the read (`1f` or `[1f]`), `text:` and the words an
 * element shows (`text:Weekly digest|$8`: the smallest element showing every part), else a CSS
 * selector tried under the read's root. An id whose element has left the page is `stale`: read the page again.
 */
export function resolveTarget(indexMap: IndexMap, idOrSelector: string): ResolvedTarget {
  const target = idOrSelector.trim();
  const bracketed = BRACKETED.exec(target);
  const id = bracketed && indexMap.has(bracketed[1]!) ? bracketed[1]! : target;
  const known = indexMap.get(id);
  if (known) {
    if (!known.isConnected) {
      return {
        ok: false,
        reason: 'stale',
        message: `element [${id}] is no longer on the page; read the page again and use a current id`,
      };
    }
    return { ok: true, element: known, via: 'id' };
  }
  if (!target) return { ok: false, reason: 'not_found', message: 'no target given: pass an element id from the page text' };
  if (FOLD_ID.test(target)) {
    return {
      ok: false,
      reason: 'not_found',
      message: `${target} is a folded block, not an element: call read_text with "${target}" to see what it holds, then use the ids it shows`,
    };
  }
  if (target.startsWith(TEXT_PREFIX)) return resolveTextTarget(indexMap.root, target);
  let found: Element | null = null;
  try {
    found = indexMap.root.querySelector(target);
  } catch {
    return {
      ok: false,
      reason: 'not_found',
      message: `"${target}" is neither an element id from the page text nor a valid CSS selector`,
    };
  }
  if (!found) {
    return {
      ok: false,
      reason: 'not_found',
      message: `no element has id [${target}] in the page text, and no element matches it as a CSS selector`,
    };
  }
  return { ok: true, element: found, via: 'selector' };
}
