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

/**
 * How much of the start of `candidate` the folded query `word` matches with exactly one edit, or
 * -1: "pricng" takes "pricing" (7), "pricnig" too. A word that is a prefix as typed returns -1, as
 * does every word shorter than MIN_TYPO_LENGTH.
 */
export function typoPrefixLength(word: string, candidate: string): number {
  const m = word.length;
  if (m < MIN_TYPO_LENGTH || candidate.length < m - 1) return -1;
  let i = 0;
  while (i < m && i < candidate.length && word.charCodeAt(i) === candidate.charCodeAt(i)) i++;
  if (i === m) return -1;
  // Two letters swapped.
  if (i + 1 < m && i + 1 < candidate.length && word[i] === candidate[i + 1] && word[i + 1] === candidate[i] && sameFrom(word, i + 2, candidate, i + 2)) return m;
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
 * MIN_TYPO_LENGTH on the side that was typed (`a`).
 */
export function oneTypoApart(a: string, b: string): boolean {
  const m = a.length;
  const n = b.length;
  if (m < MIN_TYPO_LENGTH || Math.abs(m - n) > 1) return false;
  let i = 0;
  while (i < m && i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === m && i === n) return false;
  if (m === n) {
    // Two letters swapped, or one wrong: the rest must be equal.
    if (i + 1 < m && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)) return true;
    return a.slice(i + 1) === b.slice(i + 1);
  }
  // One letter extra in the longer word.
  return m > n ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
