// How much of a page's article a reading keeps: the article's words (as Mozilla's Readability
// extracts them) counted as a multiset, and the share of them the reading holds too. Words are
// runs of letters and digits after NFKC normalisation and lower-casing, so markup, punctuation and
// the reader's own notation count for nothing. Plain TypeScript: the browser tests and the bench
// (in Node) measure with the same code.

const WORD = /[\p{L}\p{N}]+/gu;

export function wordsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
}

export interface Recall {
  /** Matched article words over all article words (1 for an article with no words). */
  share: number;
  articleWords: number;
  /** A few article words the reading lacks, in article order. */
  missed: string[];
}

export function articleRecall(article: readonly string[], reading: readonly string[]): Recall {
  const available = new Map<string, number>();
  for (const word of reading) available.set(word, (available.get(word) ?? 0) + 1);
  let matched = 0;
  const missed: string[] = [];
  for (const word of article) {
    const left = available.get(word) ?? 0;
    if (left > 0) {
      matched += 1;
      available.set(word, left - 1);
    } else if (missed.length < 12) {
      missed.push(word);
    }
  }
  return { share: article.length === 0 ? 1 : matched / article.length, articleWords: article.length, missed };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
