/**
 * Text prepared once per item for fuzzy matching: folded one UTF-16 unit at a time, so an index in
 * the folded text is the same index in the original (highlight ranges need no mapping back), plus a
 * flag per position saying whether a word starts there.
 */
import { CJK_CHARACTER } from '../../util/cjk-scripts.js';

/** Longer fields are matched on their first this-many characters, which bounds the work per item. */
export const MAX_FIELD_CHARS = 512;

const enum CharClass {
  Separator = 0,
  Lower = 1,
  Upper = 2,
  Digit = 3,
  /** Han, kana, Hangul: text without spaces, where every character is its own word. */
  Ideograph = 4,
  OtherLetter = 5,
}

const COMBINING_MARKS = /\p{M}+/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const UPPER = /\p{Lu}/u;
const DIGIT = /\p{N}/u;

const foldedCodes = new Map<number, number>();
const classes = new Map<number, CharClass>();

/** Case, width and accent folding of one UTF-16 unit; keeps the first unit when folding expands it. */
export function foldCode(code: number): number {
  if (code < 128) return code >= 65 && code <= 90 ? code + 32 : code;
  const known = foldedCodes.get(code);
  if (known !== undefined) return known;
  const folded = String.fromCharCode(code).normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
  const result = folded.length > 0 ? folded.charCodeAt(0) : code;
  foldedCodes.set(code, result);
  return result;
}

function classify(code: number): CharClass {
  if (code < 128) {
    if (code >= 97 && code <= 122) return CharClass.Lower;
    if (code >= 65 && code <= 90) return CharClass.Upper;
    if (code >= 48 && code <= 57) return CharClass.Digit;
    return CharClass.Separator;
  }
  const known = classes.get(code);
  if (known !== undefined) return known;
  const char = String.fromCharCode(code);
  let result: CharClass;
  if (CJK_CHARACTER.test(char)) result = CharClass.Ideograph;
  else if (!LETTER_OR_DIGIT.test(char)) result = code >= 0xd800 && code <= 0xdfff ? CharClass.OtherLetter : CharClass.Separator;
  else if (DIGIT.test(char)) result = CharClass.Digit;
  else if (UPPER.test(char)) result = CharClass.Upper;
  else result = CharClass.OtherLetter;
  classes.set(code, result);
  return result;
}

export interface PreparedText {
  /** The original text, for highlighting. */
  readonly text: string;
  /** Folded text, same length as `text` up to MAX_FIELD_CHARS. */
  readonly folded: string;
  /**
   * 1 where a word starts: after a separator (space - _ / . and so on), at camelCase humps,
   * letter↔digit, every ideograph. 2 where an entry of a list starts (each keyword is its own prefix).
   */
  readonly wordStarts: Uint8Array;
  /** The folded characters that start words, in order, and where each is (for matching at word starts). */
  readonly initials: string;
  readonly initialsAt: Uint16Array;
  /** The letter mask (see `letterMask`) of what starts a word, the field's first character included. */
  readonly wordStartLetters: number;
  /** The letter mask of what starts the field or an entry of it. */
  readonly entryStartLetters: number;
}

const EMPTY: PreparedText = { text: '', folded: '', wordStarts: new Uint8Array(0), initials: '', initialsAt: new Uint16Array(0), wordStartLetters: 0, entryStartLetters: 0 };

export function foldString(text: string): string {
  let folded = '';
  for (let i = 0; i < text.length; i++) folded += String.fromCharCode(foldCode(text.charCodeAt(i)));
  return folded;
}

/** `entryStarts`: indices where an entry of a joined list begins. */
export function prepareText(text: string, entryStarts: readonly number[] = []): PreparedText {
  if (text.length === 0) return EMPTY;
  const length = Math.min(text.length, MAX_FIELD_CHARS);
  const wordStarts = new Uint8Array(length);
  const codes = new Array<number>(length);
  let previous = CharClass.Separator;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    codes[i] = foldCode(code);
    const current = classify(code);
    const startsWord =
      current !== CharClass.Separator &&
      (previous === CharClass.Separator ||
        current === CharClass.Ideograph ||
        (current === CharClass.Upper && previous === CharClass.Lower) ||
        (current === CharClass.Digit && previous !== CharClass.Digit) ||
        (current !== CharClass.Digit && previous === CharClass.Digit));
    wordStarts[i] = startsWord ? 1 : 0;
    previous = current;
  }
  for (const start of entryStarts) if (start < length && wordStarts[start] === 1) wordStarts[start] = 2;
  let wordStartLetters = letterBit(codes[0]!);
  let entryStartLetters = wordStartLetters;
  const initials: number[] = [];
  const initialsAt: number[] = [];
  for (let i = 0; i < length; i++) {
    if (wordStarts[i] === 0) continue;
    initials.push(codes[i]!);
    initialsAt.push(i);
    wordStartLetters |= letterBit(codes[i]!);
    if (wordStarts[i] === 2) entryStartLetters |= letterBit(codes[i]!);
  }
  return {
    text,
    folded: String.fromCharCode(...codes),
    wordStarts,
    initials: String.fromCharCode(...initials),
    initialsAt: Uint16Array.from(initialsAt),
    wordStartLetters,
    entryStartLetters,
  };
}

/** The bit of one folded unit in a letter mask: a–z, any digit, or 0 for everything else. */
export function letterBit(code: number): number {
  if (code >= 97 && code <= 122) return 1 << (code - 97);
  return code >= 48 && code <= 57 ? 1 << 26 : 0;
}

/** Bits a–z, plus one bit for any digit: a cheap "could this possibly match" test before scoring. */
export function letterMask(folded: string): number {
  let mask = 0;
  for (let i = 0; i < folded.length; i++) mask |= letterBit(folded.charCodeAt(i));
  return mask;
}

