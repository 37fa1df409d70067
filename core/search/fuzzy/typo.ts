/**
 * One typo between a query word and the start of a word of the text: a letter wrong, missing,
 * extra, or two neighbours swapped (Damerau distance 1). Only words of five letters or more get
 * this tolerance: in shorter ones one letter in five is too much of the word to guess.
 */

/** Query words shorter than this must match as typed (or by their stem). */
export const MIN_TYPO_LENGTH = 5;

/** `a` from `from` equals `b` from `at` for the rest of `a` (b may run on). */
function sameFrom(a: string, from: number, b: string, at: number): boolean {
  if (b.length - at < a.length - from) return false;
  for (let i = from; i < a.length; i++) if (a.charCodeAt(i) !== b.charCodeAt(at + i - from)) return false;
  return true;
}

/** How many characters `a` and `b` share at their start. */
export function commonPrefixLength(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** `word` and `candidate` differ first at `i` by two neighbours swapped, and agree after them (candidate may run on). */
function swappedAt(word: string, i: number, candidate: string): boolean {
  return i + 1 < word.length && i + 1 < candidate.length && word[i] === candidate[i + 1] && word[i + 1] === candidate[i] && sameFrom(word, i + 2, candidate, i + 2);
}

/**
 * How much of the start of `candidate` the folded query `word` matches with exactly one edit, or
 * -1: "pricng" takes "pricing" (7), "pricnig" too. A word that is a prefix as typed returns -1, as
 * does every word shorter than MIN_TYPO_LENGTH.
 */
export function typoPrefixLength(word: string, candidate: string): number {
  const m = word.length;
  if (m < MIN_TYPO_LENGTH || candidate.length < m - 1) return -1;
  const i = commonPrefixLength(word, candidate);
  if (i === m) return -1;
  if (swappedAt(word, i, candidate)) return m;
  // One letter wrong.
  if (i < candidate.length && sameFrom(word, i + 1, candidate, i + 1)) return m;
  // One letter missing from the query.
  if (i < candidate.length && sameFrom(word, i, candidate, i + 1)) return m + 1;
  // One letter too many in the query.
  if (sameFrom(word, i + 1, candidate, i)) return m - 1;
  return -1;
}

/**
 * Whether the folded words `a` and `b` are exactly one typo apart as whole words (a letter wrong,
 * missing, extra, or two neighbours swapped). Equal words are not; nor is a word shorter than
 * MIN_TYPO_LENGTH on the side that was typed (`a`). With the lengths at most one apart, each
 * `sameFrom` below compares two rests of the same length, so it holds only when they are equal.
 */
export function oneTypoApart(a: string, b: string): boolean {
  const m = a.length;
  const n = b.length;
  if (m < MIN_TYPO_LENGTH || Math.abs(m - n) > 1) return false;
  const i = commonPrefixLength(a, b);
  if (m === n) return i < m && (swappedAt(a, i, b) || sameFrom(a, i + 1, b, i + 1));
  // One letter extra in the longer word.
  return m > n ? sameFrom(a, i + 1, b, i) : sameFrom(a, i, b, i + 1);
}
