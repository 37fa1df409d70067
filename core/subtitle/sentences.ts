// A sentence ends at terminal punctuation (plus closing quotes or brackets) followed by white space,
// at CJK terminal punctuation, or at a line break. Requiring the white space after "." keeps a
// streamed "3." from counting as a sentence before "14" arrives.
const SENTENCE_END = /[.!?…]+["'”’»)\]]*(?=\s)|[。！？]+[」』）”’]*|\n/g;

/**
 * Splits `text` into trimmed sentences. While a text is still streaming (`complete` false) the
 * unfinished tail is left out, so a screen reader hears whole sentences, never half words.
 */
export function splitSentences(text: string, complete: boolean): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = (match.index ?? 0) + match[0].length;
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
