/** One entity tag of a list: `"xyz"` or `W/"xyz"`; `opaque` keeps its quotes. */
export interface EntityTag {
  readonly weak: boolean;
  readonly opaque: string;
}

/** An `If-Match` or `If-None-Match` header: `*`, a list of tags, or why it could not be read. */
export type EntityTagCondition =
  | { readonly kind: 'any' }
  | { readonly kind: 'tags'; readonly tags: readonly EntityTag[] }
  | { readonly kind: 'invalid'; readonly reason: string };

// RFC 9110 §8.8.3: etagc = %x21 / %x23-7E / obs-text; commas may appear inside the quotes, so the
// list is read tag by tag rather than split on commas.
const TAG_AT_START = /^(W\/)?("[\x21\x23-\x7e\x80-\xff]*")/;

/** Reads a header per RFC 9110 §13.1.1 / §13.1.2 (`*` or `#entity-tag`). */
export function parseEntityTagCondition(header: string): EntityTagCondition {
  const text = header.trim();
  if (text === '*') return { kind: 'any' };
  const tags: EntityTag[] = [];
  let rest = text;
  while (rest !== '') {
    // Empty list elements (", ,") are allowed and ignored.
    if (rest.startsWith(',')) {
      rest = rest.slice(1).trimStart();
      continue;
    }
    const match = TAG_AT_START.exec(rest);
    if (!match) {
      return { kind: 'invalid', reason: `expected a quoted entity tag such as "abc" or W/"abc" at ${JSON.stringify(rest.slice(0, 40))}` };
    }
    tags.push({ weak: match[1] !== undefined, opaque: match[2]! });
    rest = rest.slice(match[0].length).trimStart();
    if (rest !== '' && !rest.startsWith(',')) return { kind: 'invalid', reason: `expected "," between entity tags at ${JSON.stringify(rest.slice(0, 40))}` };
  }
  if (tags.length === 0) return { kind: 'invalid', reason: 'the list names no entity tag' };
  return { kind: 'tags', tags };
}

function parseOwnTag(etag: string): EntityTag {
  return etag.startsWith('W/') ? { weak: true, opaque: etag.slice(2) } : { weak: false, opaque: etag };
}

/** Strong comparison (`If-Match`): both tags strong and the same characters. `*` is the caller's to judge. */
export function matchesStrongly(condition: { readonly tags: readonly EntityTag[] }, etag: string): boolean {
  const own = parseOwnTag(etag);
  return !own.weak && condition.tags.some((tag) => !tag.weak && tag.opaque === own.opaque);
}

/** Weak comparison (`If-None-Match`): the same characters, weak or not. */
export function matchesWeakly(condition: { readonly tags: readonly EntityTag[] }, etag: string): boolean {
  const own = parseOwnTag(etag);
  return condition.tags.some((tag) => tag.opaque === own.opaque);
}
