/**
 * How well one folded query word matches one prepared field. A match falls into a tier, and the
 * tier decides the order; the remainder (0–99) orders matches within a tier:
 * prefix of the field > substring at a word start > every run at a word start (acronyms like
 * `gp` → "Go to Pricing") > substring inside a word > scattered letters > one transposition.
 */
import type { PreparedText } from './fold.js';

export const TIER_SIZE = 100;
export const enum Tier {
  Transposed = 0,
  Scattered = 1,
  Substring = 2,
  WordStarts = 3,
  WordStartSubstring = 4,
  Prefix = 5,
}

/** Occurrences of a substring checked for a word start before settling for the first one. */
const MAX_OCCURRENCES = 16;

/**
 * Positions of the last match, written by `scoreWord` without allocating: `matchPositions[0..matchLength)`.
 * Read them right after the call; the next call overwrites them.
 */
export const matchPositions = new Int32Array(512);
export let matchLength = 0;

function finePart(value: number): number {
  return value < 0 ? 0 : value > 99 ? 99 : value;
}

function recordRun(start: number, length: number): void {
  for (let i = 0; i < length; i++) matchPositions[i] = start + i;
  matchLength = length;
}

/**
 * Matches `word` as a subsequence of `field`, preferring to continue a run, then to land on a word
 * start. Returns the number of runs, or -1. Greedy with one fallback, so at most O(word × field).
 */
function subsequence(word: string, field: PreparedText, preferWordStarts: boolean): number {
  const folded = field.folded;
  const starts = field.wordStarts;
  let position = 0;
  let runs = 0;
  for (let q = 0; q < word.length; q++) {
    const code = word.charCodeAt(q);
    let found: number;
    if (q > 0 && position < folded.length && folded.charCodeAt(position) === code) {
      found = position;
    } else {
      found = folded.indexOf(word[q]!, position);
      if (found < 0) return -1;
      if (preferWordStarts && starts[found] === 0) {
        let next = folded.indexOf(word[q]!, found + 1);
        while (next >= 0 && starts[next] === 0) next = folded.indexOf(word[q]!, next + 1);
        if (next >= 0) found = next;
      }
    }
    if (q === 0 || matchPositions[q - 1] !== found - 1) runs++;
    matchPositions[q] = found;
    position = found + 1;
  }
  matchLength = word.length;
  return runs;
}

/** Score of `word` (already folded, non-empty) in `field`, or -1 when it does not match. */
export function scoreWord(word: string, field: PreparedText): number {
  const folded = field.folded;
  const m = word.length;
  const n = folded.length;
  if (m === 0 || m > n) return -1;
  // Shorter fields are tighter matches: "Settings" before "Settings for advanced users".
  const slack = n - m;
  let at = folded.indexOf(word);
  if (at === 0) {
    recordRun(0, m);
    return Tier.Prefix * TIER_SIZE + finePart(99 - slack * 0.5);
  }
  if (at > 0) {
    const first = at;
    for (let tries = 0; at >= 0 && tries < MAX_OCCURRENCES; tries++) {
      if (field.wordStarts[at] === 2) {
        recordRun(at, m);
        return Tier.Prefix * TIER_SIZE + finePart(99 - at * 0.25 - slack * 0.25);
      }
      if (field.wordStarts[at] === 1) {
        recordRun(at, m);
        return Tier.WordStartSubstring * TIER_SIZE + finePart(95 - at * 0.5 - slack * 0.25);
      }
      at = folded.indexOf(word, at + 1);
    }
    recordRun(first, m);
    return Tier.Substring * TIER_SIZE + finePart(95 - first * 0.5 - slack * 0.25);
  }
  let runs = subsequence(word, field, true);
  if (runs < 0) return -1;
  let allAtWordStarts = true;
  for (let q = 0; q < m; q++) {
    const position = matchPositions[q]!;
    if ((q === 0 || matchPositions[q - 1] !== position - 1) && field.wordStarts[position]! === 0) {
      allAtWordStarts = false;
      break;
    }
  }
  if (!allAtWordStarts) {
    // Leftmost matching is tighter when word starts do not help.
    const leftmost = subsequence(word, field, false);
    if (leftmost >= 0) runs = leftmost;
  }
  const spread = matchPositions[m - 1]! - matchPositions[0]! + 1 - m;
  const fine = 95 - (runs - 1) * 8 - Math.min(spread, 40) * 0.5 - Math.min(matchPositions[0]!, 20) * 0.5 - slack * 0.1;
  return (allAtWordStarts ? Tier.WordStarts : Tier.Scattered) * TIER_SIZE + finePart(fine);
}

/**
 * Best score of `word` with two neighbouring letters swapped, as a Transposed-tier score; -1 when
 * no swap matches. Used only when nothing matches as typed.
 */
export function scoreTransposed(word: string, field: PreparedText): number {
  if (word.length < 2) return -1;
  let best = -1;
  let bestPositions: Int32Array | undefined;
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    const score = scoreWord(swapped, field);
    // Only a near-contiguous swap counts: scattered letters already tolerate most typos.
    if (score >= Tier.Substring * TIER_SIZE && score > best) {
      best = score;
      bestPositions = matchPositions.slice(0, matchLength);
    }
  }
  if (best < 0 || !bestPositions) return -1;
  matchPositions.set(bestPositions);
  matchLength = bestPositions.length;
  return Tier.Transposed * TIER_SIZE + finePart((best % TIER_SIZE) * 0.5 + Math.floor(best / TIER_SIZE) * 5);
}
