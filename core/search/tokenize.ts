/**
 * Words for full-text ranking, the same on the indexing and the query side: case and accents
 * folded, split on anything that is not a letter or digit, light English plural folding, and
 * CJK runs cut into single characters plus overlapping pairs (CJK text has no spaces to split on).
 */
import { CJK_CHARACTER, CJK_CLASS } from '../util/cjk-scripts.js';

const WORD = /[\p{L}\p{N}]+/gu;
const CJK_RUN = new RegExp(`[${CJK_CLASS}]+|[^${CJK_CLASS}]+`, 'gu');
const COMBINING_MARKS = /\p{M}+/gu;

/** Case, width and accent folding: `Prìcing` and `pricing` are the same word. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** `plans` → `plan`, `policies` → `policy`; leaves `class`, `bus`, `is` alone. */
export function foldPlural(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is|os)$/.test(word)) return word.slice(0, -1);
  return word;
}

function cjkTerms(run: string): string[] {
  const chars = Array.from(run);
  const terms = [...chars];
  for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!);
  return terms;
}

export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const part of foldText(text).match(CJK_RUN) ?? []) {
    if (CJK_CHARACTER.test(part)) {
      terms.push(...cjkTerms(part));
      continue;
    }
    for (const word of part.match(WORD) ?? []) terms.push(foldPlural(word));
  }
  return terms;
}
