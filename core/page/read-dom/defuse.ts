/**
 * Page text must never read as the reader's own markup: an element rendering (`[3]<button>`) could
 * make a model act on the wrong element, a fold marker (`⟪f2 folded…⟫`) could send it reading the
 * wrong block, an image (`![…]`) or a labelled opening (`<span aria-label=…>`) could pass page text
 * off as an accessible name. A space after the opening character keeps each one plain text.
 */

const READER_MARKUP = /\]<|⟪|!\[|aria-label=/;
const LABELLED_OPENING = /<(?=[a-z][\w-]*\s[^<>]*\baria-label=)/gi;

export function defuseMarkup(text: string): string {
  if (!READER_MARKUP.test(text)) return text;
  return text.replace(/\]</g, '] <').replace(/⟪/g, '⟪ ').replace(/!\[/g, '! [').replace(LABELLED_OPENING, '< ');
}
