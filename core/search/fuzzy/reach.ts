/**
 * Which items a one-word query can still lift to a given score, read from two letter masks per
 * field: a word scores its most only from the start of the field or of an entry, less from another
 * word start, and least from inside a word (see score-word.ts). The levels are the same for every
 * item (they follow from the key weights), so each item keeps one mask per level, and a keystroke
 * passes over an item that cannot beat the worst result kept with one look-up.
 */
import type { PreparedItems } from './item-score.js';
import { MOST_INSIDE_ENTRY, MOST_INSIDE_WORD, MOST_SCORE } from './score-word.js';

export interface Reach {
  /**
   * False when no field of item `index` can score `floor` for a word whose first letter has the
   * bit `first` (see `letterBit`); always true for a first character without a bit.
   */
  canReach(index: number, first: number, floor: number): boolean;
}

export function createReach(prepared: PreparedItems, weights: Float64Array): Reach {
  // The weighted ceilings, highest first; level k holds the letters that reach levels[k].
  const levels = [...new Set([...weights].flatMap((weight) => [MOST_SCORE * weight, MOST_INSIDE_ENTRY * weight, MOST_INSIDE_WORD * weight]))].sort((a, b) => b - a);
  const count = levels.length;
  const items = prepared.fields.length;
  const masks = new Int32Array(items * count);
  for (let index = 0; index < items; index++) {
    for (let k = 0; k < count; k++) {
      let mask = 0;
      for (let f = 0; f < weights.length; f++) {
        const weight = weights[f]!;
        const at = index * prepared.fieldCount + f;
        if (MOST_SCORE * weight >= levels[k]!) mask |= prepared.entryStartLetters[at]!;
        if (MOST_INSIDE_ENTRY * weight >= levels[k]!) mask |= prepared.wordStartLetters[at]!;
        if (MOST_INSIDE_WORD * weight >= levels[k]!) mask |= prepared.fieldMasks[at]!;
      }
      masks[index * count + k] = mask;
    }
  }
  let lastFloor = NaN;
  let level = -1;
  return {
    canReach(index, first, floor) {
      if (first === 0 || floor === -Infinity) return true;
      if (floor !== lastFloor) {
        lastFloor = floor;
        level = -1;
        while (level + 1 < count && levels[level + 1]! >= floor) level++;
      }
      return level >= 0 && (masks[index * count + level]! & first) !== 0;
    },
  };
}
