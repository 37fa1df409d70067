/**
 * Destructive wording, read the way a person reads it: after Unicode compatibility folding, with
 * invisible characters and accents removed, look-alike letters from other scripts mapped to the
 * Latin ones they imitate, and letter-spaced or digit-for-letter spellings put back together. A
 * page that writes "Dеlete" with a Cyrillic "е", "De\u00ADlete" or "D e l e t e" is read as
 * "delete".
 */
import { DESTRUCTIVE_PATTERNS } from './destructive-words.js';

/** Default-ignorable code points render as nothing: zero-width spaces and joiners, soft hyphens, bidi controls, variation selectors. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u180E]/gu;
const COMBINING_MARKS = /\p{M}+/gu;

/**
 * Letters of Cyrillic, Greek, Armenian and Latin extensions that look like a Latin letter, by the
 * Latin letter they pass for (lower case; the text is lower-cased first). After Unicode's
 * confusables list, restricted to the letters that imitate a–z.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  a: 'аɑα',
  b: 'ьвβ',
  c: 'сϲᴄⅽ',
  d: 'ԁⅾ',
  e: 'еєεҽ',
  g: 'ɡց',
  h: 'һн',
  i: 'іιӏɩⅰ',
  j: 'јϳ',
  k: 'кκ',
  l: 'ӏⅼǀ',
  m: 'мⅿ',
  n: 'пη',
  o: 'оοօσ',
  p: 'рρ',
  q: 'ԛ',
  r: 'г',
  s: 'ѕ',
  t: 'тτ',
  u: 'υս',
  v: 'νѵ',
  w: 'ԝѡω',
  x: 'хχ',
  y: 'уүγ',
  z: 'ᴢ',
};

const SKELETON = new Map<string, string>();
for (const [latin, imitations] of Object.entries(LOOK_ALIKES)) {
  for (const imitation of imitations) SKELETON.set(imitation, latin);
}

/** Digits and signs written for letters inside a word ("d3lete", "p@y"). */
const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'l', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

/** NFKC, invisible characters and accents removed, lower case, whitespace collapsed. */
export function foldWording(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every look-alike letter replaced by the Latin letter it imitates. */
export function skeleton(folded: string): string {
  let out = '';
  for (const char of folded) out += SKELETON.get(char) ?? char;
  return out;
}

/** `deleteItem`, `delete_item` and "Delete-item" all read `delete item`. */
function wordsOfIdentifier(text: string): string {
  return text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-.\s/]+/g, ' ');
}

/** "d e l e t e", "D-E-L-E-T-E" and "d.e.l.e.t.e" joined back into one word. */
function joinSpacedLetters(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])\p{L}(?:[ .\-_·•*]\p{L}(?![\p{L}\p{N}])){2,}/gu, (run) => run.replace(/[ .\-_·•*]/g, ''));
}

/** Digits and signs between letters read as the letters they stand for. */
function undoLeet(text: string): string {
  return text.replace(/[\p{L}0-9@$]+/gu, (word) => (/\p{L}/u.test(word) ? word.replace(/[013457@$]/g, (char) => LEET[char] ?? char) : word));
}

/** The forms of one text that patterns are matched against: each catches a different disguise. */
export function wordingForms(text: string): string[] {
  const forms = new Set<string>();
  for (const base of new Set([text, wordsOfIdentifier(text)])) {
    const folded = foldWording(base);
    const latin = skeleton(folded);
    for (const form of [folded, latin, joinSpacedLetters(latin), undoLeet(latin)]) if (form !== '') forms.add(form);
  }
  return [...forms];
}

/**
 * The first text (after normalization) that reads destructive, with the shipped words of every
 * locale and the host's extra patterns; undefined when none does.
 */
export function destructiveWording(texts: ReadonlyArray<string | null | undefined>, extra: readonly RegExp[] = []): string | undefined {
  for (const text of texts) {
    if (!text) continue;
    for (const form of wordingForms(text)) {
      if (matchesAny(form, DESTRUCTIVE_PATTERNS) || matchesAny(form, extra)) return form;
    }
  }
  return undefined;
}

function matchesAny(text: string, patterns: readonly RegExp[]): boolean {
  for (const pattern of patterns) {
    // A host's pattern may carry the `g` or `y` flag, whose `lastIndex` would make `test` stateful.
    pattern.lastIndex = 0;
    if (pattern.test(text)) return true;
  }
  return false;
}
