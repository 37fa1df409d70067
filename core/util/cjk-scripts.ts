/**
 * Han, kana and Hangul: the scripts written without spaces between words, which search cuts into
 * characters or pairs and the guide reads apart from other letters. One definition, so that every
 * reader agrees on what counts as CJK.
 */

/** The scripts as the body of a RegExp character class (`[${CJK_CLASS}]`, with the `u` flag). */
export const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';

/** One character of those scripts (no `g` flag, so `test` keeps no state between calls). */
export const CJK_CHARACTER = new RegExp(`[${CJK_CLASS}]`, 'u');
