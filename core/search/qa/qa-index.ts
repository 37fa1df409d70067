/**
 * `createQAIndex`: an FAQ lookup that knows when it has no answer. Entries are ranked by BM25F over
 * question, answer and category (the catalog engine); each carries a score in [0, 1], the share of
 * the question's content words the entry holds, each word weighted by how rare it is in the FAQ,
 * so a word the FAQ never uses ("bitcoin", "dependencies") weighs the most. The lookup is confident
 * only when the best entry's score reaches the threshold and the question names nothing the FAQ
 * never mentions (see named-words.ts): an FAQ tool that answers an out-of-scope question with the
 * nearest entry is worse than one that says it has none.
 */
import { queryUnits, termsOf } from '../catalog/analyze.js';
import { createCatalogEngine } from '../catalog/catalog-index.js';
import { checkTopK } from '../catalog/catalog-doc.js';
import { describeValue } from '../../util/describe-value.js';
import { checkQAItems, type QAItem } from './qa-item.js';
import { namedWords } from './named-words.js';
import { withoutQuestionWords } from './question-words.js';

export type { QAItem } from './qa-item.js';

/** Options of `createQAIndex`. */
export interface QAIndexOptions {
  /** The FAQ's entries, in any mix of languages. */
  items: readonly QAItem[];
  /** Entries a lookup returns. Default 3. */
  topK?: number;
  /** The best entry's score a lookup must reach to be confident, in (0, 1]. Default 0.5: most of the question's content is in the entry. */
  threshold?: number;
}

/** One FAQ entry found for a question. */
export interface QAMatch {
  /** The entry's id. */
  id: string;
  /** The entry's question, as the FAQ words it. */
  question: string;
  /** The entry's answer. */
  answer: string;
  /** Share of the question's content words (weighted by rarity in the FAQ) that this entry holds, in [0, 1]. */
  score: number;
}

/** What a lookup found, and whether it is sure. */
export interface QALookup {
  /** False: no entry answers this question; say so rather than quote `matches`. */
  confident: boolean;
  /** The best entries, best first (empty when nothing matched at all). */
  matches: QAMatch[];
}

/** An FAQ ready for lookups; see `createQAIndex`. */
export interface QAIndex {
  /** The entries that best answer `question`, and whether the best one does (see the file's comment). */
  lookup(question: string): QALookup;
  /** Entries in the FAQ. */
  readonly size: number;
}

/** The BM25F weights of an entry's fields: the question says what an entry is about. */
const FIELD_WEIGHTS = { question: 2, answer: 1, category: 0.5 };
/** Candidates ranked before the best topK are kept. */
const CANDIDATES = 10;

function checkThreshold(value: unknown): number {
  if (value === undefined) return 0.5;
  if (typeof value !== 'number' || !(value > 0) || value > 1) throw new TypeError(`createQAIndex: options.threshold must be a number in (0, 1], got ${describeValue(value)}.`);
  return value;
}

/** Indexes an FAQ for lookups that say when no entry answers (see the file's comment). */
export function createQAIndex(options: QAIndexOptions): QAIndex {
  if (typeof options !== 'object' || options === null) throw new TypeError(`createQAIndex: options must be an object with items, got ${describeValue(options)}.`);
  const items = checkQAItems(options.items);
  const topK = options.topK === undefined ? 3 : checkTopK('createQAIndex: options.topK', options.topK);
  const threshold = checkThreshold(options.threshold);
  const byId = new Map(items.map((item) => [item.id, item]));
  // The rarities are those of the index that ranks the entries: one analysis of the FAQ serves both.
  const { index, terms } = createCatalogEngine<QAItem>({
    items,
    toDoc: (item) => ({ id: item.id, fields: { question: item.question, answer: item.answer, category: item.category ?? '' } }),
    fieldWeights: FIELD_WEIGHTS,
    topK: CANDIDATES,
  });

  /** Each query unit's weight, its rarity in the FAQ; and whether the question names something the FAQ never uses. */
  const read = (question: string) => {
    const content = withoutQuestionWords(question);
    // Typed whole: a question is not completed as it is typed, so its last word is not a prefix.
    const query = `${content} `;
    const weights = new Map(queryUnits(query).map((unit) => [unit.text, terms.idf(unit.term)]));
    const foreignName = namedWords(content).some((name) => termsOf(name).some((term) => !terms.holds(term)));
    return { query, weights, foreignName };
  };

  return {
    lookup(question) {
      if (typeof question !== 'string') throw new TypeError(`QAIndex.lookup: question must be a string, got ${describeValue(question)}.`);
      const { query, weights, foreignName } = read(question);
      const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
      if (total === 0) return { confident: false, matches: [] };
      const matches = index.search(query, { topK: CANDIDATES }).map((hit) => {
        const held = hit.matched.reduce((sum, text) => sum + (weights.get(text) ?? 0), 0);
        const { question: entryQuestion, answer } = byId.get(hit.id)!;
        return { id: hit.id, question: entryQuestion, answer, score: Math.min(1, held / total) };
      });
      // The share of the question an entry holds decides; BM25F (the order found) breaks ties.
      const best = matches.map((match, rank) => ({ match, rank })).sort((a, b) => b.match.score - a.match.score || a.rank - b.rank);
      const top = best.slice(0, topK).map(({ match }) => match);
      return { confident: top.length > 0 && top[0]!.score >= threshold && !foreignName, matches: top };
    },
    get size() {
      return items.length;
    },
  };
}
