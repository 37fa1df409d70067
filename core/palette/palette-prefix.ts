import type { PaletteItem, PaletteItemPrefix } from './palette-item.types.js';

/** Every spelling that triggers a prefix, and the one to show. */
export function prefixSpellings(prefix: PaletteItemPrefix): { match: readonly string[]; display: string } {
  if (typeof prefix === 'string') return { match: [prefix], display: prefix };
  if (Array.isArray(prefix)) return { match: prefix as readonly string[], display: (prefix as readonly string[])[0]! };
  const spec = prefix as { match: string | readonly string[]; display?: string };
  const match = typeof spec.match === 'string' ? [spec.match] : spec.match;
  return { match, display: spec.display ?? match[0]! };
}

export interface PrefixMatch {
  /** The items whose prefix the query starts with (longest spelling first, then registration order). */
  items: PaletteItem[];
  /** The spelling that matched, as the item spells it. */
  spelling: string;
  /** The text after the prefix, leading spaces removed. */
  arg: string;
}

const ENDS_IN_WORD = /[\p{L}\p{N}]$/u;
const SPACE = /\s/u;

/**
 * True when `query` starts with `spelling` in a way that applies it. A spelling ending in a letter
 * or digit (`g`, `go`) needs a space after it, so "give me a tour" and "gp" stay text; one ending in
 * anything else (`docs:`, `@`, `?`) applies at once, since no word of the query starts that way.
 */
function applies(lowerQuery: string, spelling: string): boolean {
  const lower = spelling.toLowerCase();
  if (lower === '' || !lowerQuery.startsWith(lower)) return false;
  return !ENDS_IN_WORD.test(lower) || SPACE.test(lowerQuery.charAt(lower.length));
}

/**
 * The prefixed items the query addresses, or undefined when it starts with no prefix (see
 * `applies`). Matching is case-insensitive and the longest spelling wins, so `docs:` is not taken
 * for `d`.
 */
export function matchPrefix(items: readonly PaletteItem[], query: string): PrefixMatch | undefined {
  const lower = query.toLowerCase();
  let best: PrefixMatch | undefined;
  for (const item of items) {
    if (item.prefix === undefined) continue;
    for (const spelling of prefixSpellings(item.prefix).match) {
      if (!applies(lower, spelling)) continue;
      if (!best || spelling.length > best.spelling.length) {
        best = { items: [item], spelling, arg: query.slice(spelling.length).trimStart() };
      } else if (spelling.length === best.spelling.length && !best.items.includes(item)) {
        best.items.push(item);
      }
    }
  }
  return best;
}

/** Replaces each `{q}` in `template`; `encode` URL-encodes the argument (for URLs and paths). */
export function substituteQuery(template: string, arg: string, encode = false): string {
  if (!template.includes('{q}')) return template;
  const value = encode ? encodeURIComponent(arg) : arg;
  return template.split('{q}').join(value);
}
