import { sentenceEnds } from './sentences.js';

/** How much text one page of the bar holds. A page ends at a sentence end whenever it can. */
export interface SubtitlePaging {
  /** The most characters on one page; 0 for no limit. Default 220, about three lines of the bar. */
  maxChars?: number;
  /** The most sentences on one page; 0 for no limit. Default 0. */
  maxSentences?: number;
}

export const DEFAULT_PAGING: Readonly<Required<SubtitlePaging>> = Object.freeze({ maxChars: 220, maxSentences: 0 });

/**
 * Splits `text` into pages of whole sentences within the budget. A sentence longer than a page is cut
 * at the last space that fits (or at the budget, for scripts without spaces).
 */
export function paginate(text: string, paging: SubtitlePaging = DEFAULT_PAGING): string[] {
  const maxChars = paging.maxChars ?? DEFAULT_PAGING.maxChars;
  const maxSentences = paging.maxSentences ?? DEFAULT_PAGING.maxSentences;
  if ((maxChars <= 0 || text.length <= maxChars) && maxSentences <= 0) return [text];

  const pages: string[] = [];
  let page = '';
  let sentencesOnPage = 0;
  const flush = () => {
    if (page.trim() !== '') pages.push(page.trim());
    page = '';
    sentencesOnPage = 0;
  };
  for (const sentence of sentencesWithSpacing(text)) {
    const fitsChars = maxChars <= 0 || (page + sentence).trim().length <= maxChars;
    const fitsCount = maxSentences <= 0 || sentencesOnPage < maxSentences;
    if (!(fitsChars && fitsCount)) flush();
    if (maxChars > 0 && sentence.trim().length > maxChars) {
      for (const piece of cutLongSentence(sentence.trim(), maxChars)) {
        page = piece;
        sentencesOnPage = 1;
        flush();
      }
      continue;
    }
    page += sentence;
    sentencesOnPage++;
  }
  flush();
  return pages.length > 0 ? pages : [text];
}

/** The sentences of `text` with the white space after each, so a page joins them as written. */
function sentencesWithSpacing(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const end of sentenceEnds(text)) {
    pieces.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length) pieces.push(text.slice(start));
  // Blank pieces (runs of line breaks) go with the sentence before them.
  return pieces.reduce<string[]>((joined, piece) => {
    if (piece.trim() === '' && joined.length > 0) joined[joined.length - 1] += piece;
    else joined.push(piece);
    return joined;
  }, []);
}

function cutLongSentence(sentence: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > maxChars) {
    const space = rest.lastIndexOf(' ', maxChars);
    const cut = space > maxChars / 2 ? space : maxChars;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
