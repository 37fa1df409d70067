/**
 * Ranks documents against the request with the full-text index, then judges each candidate by how much
 * of the request it covers: a term found as a whole word counts fully, one the index matched only by
 * prefix or spelling counts half. Scores of two indexes cannot be compared; coverage can.
 */
import { createTextIndex, tokenize } from '../../search/index.js';
import type { SearchQuery } from './query.js';

/** Candidates judged per index, best full-text score first. */
const CANDIDATES = 200;
/** The share of the request a match must cover to be worth saying. */
export const MIN_COVERAGE = 0.5;
/** A match in the title (a heading, a page name) is worth this much on top. */
const TITLE_BONUS = 0.25;

export interface RankableDoc {
  key: number;
  title: string;
  body: string;
}

export interface Ranked<Doc> {
  doc: Doc;
  /** Weighted share of the request's terms the document holds, 0 to 1. */
  coverage: number;
  /** The share of the request's terms in the title alone. */
  titleCoverage: number;
  /** `coverage` plus the title bonus: what two matches are compared by. */
  strength: number;
  score: number;
  /** The request's terms it matched. */
  matched: Set<string>;
}

/** The documents `accept` lets through that match the request at all, best first. */
export function rankDocs<Doc extends RankableDoc>(docs: readonly Doc[], query: SearchQuery, accept: (doc: Doc) => boolean): Ranked<Doc>[] {
  // The index is keyed by a string: it reads every field, the id too, as text.
  const entries = docs.filter(accept).map((doc) => ({ ref: String(doc.key), title: doc.title, body: doc.body, doc }));
  if (entries.length === 0) return [];
  const index = createTextIndex<(typeof entries)[number]>({ fields: ['title', 'body'], boost: { title: 3 }, idField: 'ref' });
  index.add(entries);
  const total = query.terms.reduce((sum, term) => sum + term.weight, 0);
  const ranked: Array<Ranked<Doc>> = [];
  for (const hit of index.search(query.text, { limit: CANDIDATES })) {
    const { doc } = hit.doc;
    const words = new Set(tokenize(`${doc.title} ${doc.body}`));
    const titleWords = new Set(tokenize(doc.title));
    const byIndex = new Set(hit.matched);
    let covered = 0;
    let inTitle = 0;
    const matched = new Set<string>();
    for (const { term, weight } of query.terms) {
      if (words.has(term)) {
        covered += weight;
        matched.add(term);
      } else if (byIndex.has(term)) {
        covered += weight / 2;
        matched.add(term);
      }
      if (titleWords.has(term)) inTitle += weight;
    }
    const coverage = covered / total;
    const titleCoverage = inTitle / total;
    ranked.push({ doc, coverage, titleCoverage, strength: coverage + TITLE_BONUS * titleCoverage, score: hit.score, matched });
  }
  return ranked.sort(compareRanked);
}

/** Stronger first, then the better full-text score, then the earlier document: a total order, so ties never depend on the engine. */
function compareRanked<Doc extends RankableDoc>(a: Ranked<Doc>, b: Ranked<Doc>): number {
  return b.strength - a.strength || b.score - a.score || a.doc.key - b.doc.key;
}
