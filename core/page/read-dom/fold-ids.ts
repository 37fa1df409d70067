// A folded block keeps its fold id for as long as the element it folds lives, so the id the model
// saw in one reading still names the same block in the next. Fold ids start with `f`, element ids
// with a digit: the two never collide, and neither reads as the other.
const ids = new WeakMap<Element, Map<string, string>>();
let issued = 0;

export const FOLD_ID = /^f[0-9a-z]+$/;

/** The fold id of `part` of `anchor` (`''` for the whole element), issuing the next one on first sight. */
export function foldId(anchor: Element, part: string): string {
  let parts = ids.get(anchor);
  if (!parts) {
    parts = new Map();
    ids.set(anchor, parts);
  }
  let id = parts.get(part);
  if (id === undefined) {
    issued += 1;
    id = `f${issued.toString(36)}`;
    parts.set(part, id);
  }
  return id;
}

/** True for an id this page has handed out at some point, in this reading or an earlier one. */
export function wasIssued(id: string): boolean {
  if (!FOLD_ID.test(id)) return false;
  const number = parseInt(id.slice(1), 36);
  return number >= 1 && number <= issued;
}
