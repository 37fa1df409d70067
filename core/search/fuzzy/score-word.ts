/**
 * How well one folded query word matches one prepared field. A match falls into a tier, and the
 * tier decides the order; the remainder (0–99) orders matches within a tier:
 * prefix of the field > substring at a word start > every run at a word start (acronyms like
 * `gp` → "Go to Pricing") > a word of the same stem ("price" → "Pricing", see word-index.ts) >
 * substring inside a word > a word one typo away ("pricng") > scattered letters.
 */
import { letterBit, type PreparedText } from './fold.js';

export const TIER_SIZE = 100;
export const enum Tier {
  Scattered = 1,
  Typo = 2,
  Substring = 3,
  Stem = 4,
  WordStarts = 5,
  WordStartSubstring = 6,
  Prefix = 7,
}

/**
 * The most a word scores in a field before its weight: at all; when its first letter starts no
 * entry of the field (nor the field); when it starts no word of it either.
 */
export const MOST_SCORE = Tier.Prefix * TIER_SIZE + 99;
export const MOST_INSIDE_ENTRY = Tier.WordStartSubstring * TIER_SIZE + 99;
export const MOST_INSIDE_WORD = Tier.Substring * TIER_SIZE + 99;

/** Occurrences of a substring checked for a word start before settling for the first one. */
const MAX_OCCURRENCES = 16;

/**
 * Positions of the last match, written by `scoreWord` without allocating: `matchPositions[0..matchLength)`.
 * Read them right after the call; the next call overwrites them.
 */
export const matchPositions = new Int32Array(512);
export let matchLength = 0;
/** The leftmost match, kept while a match at word starts is tried. */
const leftmost = new Int32Array(512);

/** Clamps the within-tier part of a score to 0–99. */
export function finePart(value: number): number {
  return value < 0 ? 0 : value > 99 ? 99 : value;
}

function recordRun(start: number, length: number): void {
  for (let i = 0; i < length; i++) matchPositions[i] = start + i;
  matchLength = length;
}

/**
 * Matches `word` as a subsequence of `field`, preferring to continue a run, then (with
 * `preferWordStarts`) to land on a word start. Returns the number of runs, or -1 (which, preferring
 * word starts, may be a match that jumped too far ahead). Greedy, so at most O(word × field).
 */
function subsequence(word: string, field: PreparedText, preferWordStarts: boolean): number {
  const folded = field.folded;
  const starts = field.wordStarts;
  const initialsAt = field.initialsAt;
  let position = 0;
  let runs = 0;
  // The first word start past the position, in `field.initials`.
  let initial = 0;
  for (let q = 0; q < word.length; q++) {
    const code = word.charCodeAt(q);
    let found: number;
    if (q > 0 && position < folded.length && folded.charCodeAt(position) === code) {
      found = position;
    } else {
      found = folded.indexOf(word[q]!, position);
      if (found < 0) return -1;
      if (preferWordStarts && starts[found] === 0) {
        while (initial < initialsAt.length && initialsAt[initial]! <= found) initial++;
        const next = field.initials.indexOf(word[q]!, initial);
        if (next >= 0) found = initialsAt[next]!;
      }
    }
    if (q === 0 || matchPositions[q - 1] !== found - 1) runs++;
    matchPositions[q] = found;
    position = found + 1;
  }
  matchLength = word.length;
  return runs;
}

/** What `scoreWord` returns for letters it did not look for, since they could not score `floor`. */
export const BELOW_FLOOR = -2;

/**
 * Score of `word` (already folded, non-empty) in `field`, or -1 when it does not match. With a
 * `floor` above what scattered letters can score, they are not looked for: BELOW_FLOOR says the
 * word may be there, just not well enough.
 */
export function scoreWord(word: string, field: PreparedText, floor = -Infinity): number {
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
  // Not a substring, so in two runs or more: the most the letters can score is known from here.
  const most = finePart(95 - 8 - slack * 0.1);
  if (floor > Tier.WordStarts * TIER_SIZE + most) return BELOW_FLOOR;
  // Runs at word starts need the first letter to start a word somewhere.
  const first = letterBit(word.charCodeAt(0));
  const mayStartWords = first === 0 || (field.wordStartLetters & first) !== 0;
  if (floor > Tier.Scattered * TIER_SIZE + most) {
    // Scattered letters could not score enough: only runs at word starts are worth looking for.
    const runs = mayStartWords ? subsequence(word, field, true) : -1;
    return runs >= 0 && runsStartWords(field, m) ? Tier.WordStarts * TIER_SIZE + finePart(subsequenceFine(runs, m, slack)) : BELOW_FLOOR;
  }
  // Any subsequence is a match; the leftmost one is found fastest, and most words are not there.
  const leftmostRuns = subsequence(word, field, false);
  if (leftmostRuns < 0) return -1;
  if (mayStartWords) {
    for (let q = 0; q < m; q++) leftmost[q] = matchPositions[q]!;
    const runs = subsequence(word, field, true);
    if (runs >= 0 && runsStartWords(field, m)) return Tier.WordStarts * TIER_SIZE + finePart(subsequenceFine(runs, m, slack));
    // Leftmost matching is tighter when word starts do not help.
    for (let q = 0; q < m; q++) matchPositions[q] = leftmost[q]!;
    matchLength = m;
  }
  return Tier.Scattered * TIER_SIZE + finePart(subsequenceFine(leftmostRuns, m, slack));
}

/** Every run of the match in `matchPositions[0..m)` starts a word of the field. */
function runsStartWords(field: PreparedText, m: number): boolean {
  for (let q = 0; q < m; q++) {
    const position = matchPositions[q]!;
    if ((q === 0 || matchPositions[q - 1] !== position - 1) && field.wordStarts[position]! === 0) return false;
  }
  return true;
}

/** Fewer runs, closer together and earlier in a shorter field score higher. */
function subsequenceFine(runs: number, m: number, slack: number): number {
  const spread = matchPositions[m - 1]! - matchPositions[0]! + 1 - m;
  return 95 - (runs - 1) * 8 - Math.min(spread, 40) * 0.5 - Math.min(matchPositions[0]!, 20) * 0.5 - slack * 0.1;
}
