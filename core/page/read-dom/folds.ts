import { FOLD_ID, wasIssued } from './fold-ids.js';

/** A block the reading shows as one `⟪f3 folded: …⟫` line; `read_text("f3")` returns it whole. */
export interface Fold {
  id: string;
  /** The block's full reading: its lines, indented from the fold's own depth. */
  text: string;
  /** The element ids in `text`, with their elements, to act on once the block has been read. */
  elements: ReadonlyMap<string, Element>;
  /** The element the fold stands for; once it has left the page, the fold is stale. */
  anchor: Element;
}

/** The folds of one reading, by id. */
export class FoldMap extends Map<string, Fold> {}

export type FoldLookup =
  | { ok: true; fold: Fold }
  | { ok: false; reason: 'not_found' | 'stale'; message: string };

/** Finds a fold of the latest reading, or says why there is none and what to do instead. */
export function lookUpFold(folds: FoldMap | undefined, rawId: string): FoldLookup {
  const id = rawId.trim().replace(/^["'⟪]+|["'⟫]+$/g, '');
  const fold = folds?.get(id);
  if (fold) {
    if (!fold.anchor.isConnected) {
      return { ok: false, reason: 'stale', message: `folded block ${id} is no longer on the page; read the page again and use a fold id from the new reading` };
    }
    return { ok: true, fold };
  }
  if (wasIssued(id)) {
    return {
      ok: false,
      reason: 'stale',
      message: `folded block ${id} is not in the latest page reading (the page was read again and that block changed or is no longer folded); use a fold id from the latest reading, or the element ids it shows`,
    };
  }
  if (!FOLD_ID.test(id)) {
    return {
      ok: false,
      reason: 'not_found',
      message: `"${id.slice(0, 40)}" is not a fold id; fold ids look like f3 and come from the ⟪f3 folded: …⟫ lines of the page reading`,
    };
  }
  return { ok: false, reason: 'not_found', message: `there is no folded block ${id}; use a fold id from a ⟪… folded: …⟫ line of the latest page reading` };
}
