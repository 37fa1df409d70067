/**
 * A light English stemmer for the palette's words: plural, -ing and -ed endings and a final silent
 * e are cut, so "prices", "priced", "pricing" and "price" all read "pric", and "settings" and
 * "sets" read "set". Both sides of a comparison go through it, so the stems need not be words.
 * Only plain a–z words of four letters or more are touched; anything else is its own stem.
 */

const ASCII_WORD = /^[a-z]+$/;
const MIN_STEMMED = 4;
/** What is left of a word once an ending is cut; shorter would join unrelated words ("us", "ad"). */
const MIN_STEM = 3;

function cutPlural(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is|os)$/.test(word)) return word.slice(0, -1);
  return word;
}

function cutVerbEnding(word: string): string {
  const ending = word.endsWith('ing') ? 3 : word.endsWith('ed') ? 2 : 0;
  if (ending === 0 || word.length - ending < MIN_STEM) return word;
  const stem = word.slice(0, -ending);
  // "stopped" → "stop", "setting" → "set"; "billing" keeps its ll, "added" its dd.
  const last = stem.length - 1;
  if (stem[last] === stem[last - 1] && !'aeioulsz'.includes(stem[last]!) && stem.length - 1 >= MIN_STEM) return stem.slice(0, -1);
  return stem;
}

/** The stem of a folded word (see the file's comment). */
export function stemWord(word: string): string {
  if (word.length < MIN_STEMMED || !ASCII_WORD.test(word)) return word;
  let stem = cutVerbEnding(cutPlural(word));
  // "copy", "copies" and "copied" meet at "copi"; "price" and "pricing" at "pric".
  if (stem.length > MIN_STEM && stem.endsWith('y')) stem = `${stem.slice(0, -1)}i`;
  else if (stem.length > MIN_STEM && stem.endsWith('e')) stem = stem.slice(0, -1);
  return stem;
}
