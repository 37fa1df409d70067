import { diffWordsWithSpace } from 'diff';

/** One run of an old → new comparison: kept, added or removed text. */
export interface DiffHunk {
  readonly kind: 'same' | 'added' | 'removed';
  readonly text: string;
}

/** Word-level differences between two texts, whitespace included, so joining the kept and added runs gives `after`. */
export function diffText(before: string, after: string): DiffHunk[] {
  return diffWordsWithSpace(before, after).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}
