/**
 * Text → index terms, the same on both sides: words folded (case, width, accents) and stemmed
 * (plurals, -ing, -ed, a final e), English stopwords dropped, and Han, kana and Hangul runs cut into
 * overlapping character pairs, because text in those scripts has no spaces between words: 露營帳篷
 * is indexed as 露營 營帳 帳篷, and a query of 帳篷 finds it. A run of one character is its own term.
 */
import { stemWord } from '../fuzzy/stem.js';
import { MIN_TYPO_LENGTH } from '../fuzzy/typo.js';
import { foldText } from '../tokenize.js';
import { CJK_CLASS } from '../../util/cjk-scripts.js';
import { ENGLISH_STOPWORDS } from './stopwords.js';

/** A CJK run, or a run of other letters and digits. */
const PIECE = new RegExp(`[${CJK_CLASS}]+|(?:(?![${CJK_CLASS}])[\\p{L}\\p{N}])+`, 'gu');
const CJK_START = new RegExp(`^[${CJK_CLASS}]`, 'u');
/** "buyer's", "don’t": one word, so the apostrophe does not leave an "s" or a "t" behind. */
const INNER_APOSTROPHE = /(?<=[\p{L}\p{N}])['’](?=\p{L})/gu;
const ASCII_LETTERS = /^[a-z]+$/;
const ASCII = /^[\x00-\x7f]*$/;
/** Longer "words" (hashes, base64, run-together URLs) are cut here so one cannot bloat the index. */
const MAX_WORD_LENGTH = 40;

/** An unfinished word of fewer letters would complete to too much to be worth it. */
const MIN_PREFIX_LENGTH = 2;
/** Longest query the engine reads; the rest of a longer one is ignored. */
const MAX_QUERY_LENGTH = 1000;
/** Most distinct terms a query is looked up by. */
const MAX_QUERY_UNITS = 32;

export type TermSink = (term: string, surface: string) => void;

/** Calls `each` with every overlapping pair of `run`, or with its one character (`single` true). */
function cjkPairs(run: string, each: (pair: string, single: boolean) => void): void {
  const chars = Array.from(run);
  if (chars.length === 1) each(chars[0]!, true);
  for (let i = 0; i + 1 < chars.length; i++) each(chars[i]! + chars[i + 1]!, false);
}

/** The folded word and the term it is indexed under, or undefined for a stopword. */
function wordTerm(piece: string): { surface: string; term: string } | undefined {
  // Plain ASCII needs only lower-casing; the full fold normalises, which is the slow part of indexing.
  const surface = (ASCII.test(piece) ? piece.toLowerCase() : foldText(piece)).slice(0, MAX_WORD_LENGTH);
  if (surface.length === 0 || ENGLISH_STOPWORDS.has(surface)) return undefined;
  return { surface, term: stemWord(surface) };
}

function pieces(text: string): string[] {
  return text.normalize('NFKC').replace(INNER_APOSTROPHE, '').match(PIECE) ?? [];
}

/**
 * Calls `each(term, surface)` for every term of `text`, in order. `surface` is the folded word as
 * written (a CJK pair is its own surface), which prefix and typo lookups complete against.
 */
export function forEachTerm(text: string, each: TermSink): void {
  for (const piece of pieces(text)) {
    if (CJK_START.test(piece)) {
      cjkPairs(piece, (pair) => each(pair, pair));
      continue;
    }
    const word = wordTerm(piece);
    if (word) each(word.term, word.surface);
  }
}

export function termsOf(text: string): string[] {
  const terms: string[] = [];
  forEachTerm(text, (term) => terms.push(term));
  return terms;
}

/** One thing a query looks for. */
export interface QueryUnit {
  /** The folded word (or CJK pair) as typed: what `matched` reports. */
  text: string;
  /** The index term it matches as is. */
  term: string;
  /** It may be the start of a longer word: the query's last word, with no space after it (or a lone CJK character). */
  prefix: boolean;
  /** It may carry one typo: a plain a–z word of MIN_TYPO_LENGTH letters or more. */
  typo: boolean;
}

/** The distinct units of a query, at most MAX_QUERY_UNITS, in the order typed. */
export function queryUnits(query: string): QueryUnit[] {
  const text = query.slice(0, MAX_QUERY_LENGTH);
  const found = pieces(text);
  const endsOpen = found.length > 0 && /[\p{L}\p{N}]$/u.test(text);
  const units = new Map<string, QueryUnit>();
  const push = (unit: QueryUnit) => {
    const known = units.get(unit.term);
    if (known) known.prefix ||= unit.prefix;
    else if (units.size < MAX_QUERY_UNITS) units.set(unit.term, unit);
  };
  found.forEach((piece, i) => {
    const last = endsOpen && i === found.length - 1;
    if (CJK_START.test(piece)) {
      // A lone character completes to the pairs it starts.
      cjkPairs(piece, (pair, single) => push({ text: pair, term: pair, prefix: single, typo: false }));
      return;
    }
    const word = wordTerm(piece);
    if (!word) return;
    const typo = word.surface.length >= MIN_TYPO_LENGTH && ASCII_LETTERS.test(word.surface);
    push({ text: word.surface, term: word.term, prefix: last && word.surface.length >= MIN_PREFIX_LENGTH, typo });
  });
  return [...units.values()];
}
