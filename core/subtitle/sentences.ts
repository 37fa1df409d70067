// Where sentences end in narrated text, Latin and CJK alike.
//
// A Latin "." "!" "?" or "…" (plus closing quotes or brackets) ends a sentence only when white space
// follows, so a streamed "3." does not count before "14" arrives. A "." after a known abbreviation or
// a single-letter initial, or followed by a lower-case word, does not end one ("e.g. this", "Dr. Lin",
// "J. Smith"). CJK "。！？" and "……" end a sentence at once, and so does a line break.

const LATIN_END = /[.!?…]+["'”’»)\]]*(?=\s)/y;
const CJK_END = /(?:[。！？]|……)[。！？…]*[」』）”’"']*/y;
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'vs', 'etc', 'e.g', 'i.e', 'a.m', 'p.m', 'no', 'fig', 'inc', 'ltd', 'co',
  'approx', 'dept', 'est', 'mt', 'vol', 'cf', 'u.s', 'u.k',
]);
const WORD_BEFORE = /([\p{L}.]+)$/u;
const LOWER_NEXT = /\s*[\p{Ll}\d]/uy;

/** The offsets just past each sentence end in `text`, from offset `from` on. */
export function sentenceEnds(text: string, from = 0): number[] {
  const ends: number[] = [];
  for (let index = from; index < text.length; index++) {
    const char = text[index]!;
    if (char === '\n') {
      ends.push(index + 1);
      continue;
    }
    CJK_END.lastIndex = index;
    const cjk = CJK_END.exec(text);
    if (cjk) {
      index += cjk[0].length - 1;
      ends.push(index + 1);
      continue;
    }
    if (char !== '.' && char !== '!' && char !== '?' && char !== '…') continue;
    LATIN_END.lastIndex = index;
    const latin = LATIN_END.exec(text);
    if (!latin) {
      // Skip the rest of a run such as "..." so it is judged once, from its first mark.
      while (index + 1 < text.length && '.!?…'.includes(text[index + 1]!)) index++;
      continue;
    }
    const start = index;
    const end = index + latin[0].length;
    index = end - 1;
    // A lower-case word after "." or "…" continues the sentence ("e.g. this", "well… maybe").
    if (latin[0][0] === '.' || latin[0][0] === '…') {
      LOWER_NEXT.lastIndex = end;
      if (LOWER_NEXT.test(text)) continue;
    }
    if (/^\.(?!\.)/.test(latin[0]) && isAbbreviation(text.slice(Math.max(0, start - 12), start))) continue;
    ends.push(end);
  }
  return ends;
}

function isAbbreviation(before: string): boolean {
  const word = WORD_BEFORE.exec(before)?.[1];
  if (!word) return false;
  if (word.length === 1 && /\p{Lu}/u.test(word)) return true;
  return ABBREVIATIONS.has(word.toLowerCase());
}

/**
 * Splits `text` into trimmed sentences. While a text is still streaming (`complete` false) the
 * unfinished tail is left out, so a screen reader hears whole sentences, never half words.
 */
export function splitSentences(text: string, complete: boolean): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const end of sentenceEnds(text)) {
    pushTrimmed(sentences, text.slice(start, end));
    start = end;
  }
  if (complete) pushTrimmed(sentences, text.slice(start));
  return sentences;
}

function pushTrimmed(sentences: string[], sentence: string): void {
  const trimmed = sentence.trim();
  if (trimmed) sentences.push(trimmed);
}
