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
