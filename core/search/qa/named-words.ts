/**
 * The words a question writes as names: capitalised inside a sentence (Netflix, Linux), all capitals
 * (HIPAA), or with a capital inside (iPhone). A name the FAQ never uses is the clearest sign that
 * the question is about something the FAQ does not cover ("the price of Netflix" is not answered by
 * a pricing entry), where an ordinary word it never uses may only be the visitor's own phrasing.
 * A sentence's first word, and a question typed mostly in capitals, say nothing either way.
 */

const WORD = /[\p{L}\p{N}]+/gu;
const SENTENCE_END = /[.!?。！？]\s*$/u;
const UPPER_START = /^\p{Lu}/u;
const ALL_CAPS = /^\p{Lu}{2,}$/u;
const INNER_CAPITAL = /^\p{Ll}+\p{Lu}|^\p{Lu}\p{Ll}+\p{Lu}/u;

export function namedWords(question: string): string[] {
  const words = [...question.matchAll(WORD)];
  const capitalised = words.filter(([word]) => UPPER_START.test(word)).length;
  if (words.length > 1 && capitalised * 2 > words.length) return [];
  const names: string[] = [];
  for (const match of words) {
    const word = match[0];
    const sentenceStart = question.slice(0, match.index).trim() === '' || SENTENCE_END.test(question.slice(0, match.index));
    if (ALL_CAPS.test(word) || INNER_CAPITAL.test(word) || (!sentenceStart && UPPER_START.test(word))) names.push(word);
  }
  return names;
}
