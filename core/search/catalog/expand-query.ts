/**
 * Each query unit becomes the index terms it may match, each with a weight: its own term (1), the
 * longer words an unfinished last word may be the start of (PREFIX_WEIGHT), and the words one typo
 * away (TYPO_WEIGHT) when the word as typed is not in the index. A document scores a unit by its
 * best alternative, so a near form never adds to an exact one, and never outranks it.
 */
import type { QueryUnit } from './analyze.js';
import type { TermIndex } from './term-index.js';
import type { Vocabulary } from './vocabulary.js';

export interface Alternative {
  term: string;
  weight: number;
}

export interface ExpandedUnit {
  /** The unit as typed, for `matched`. */
  text: string;
  alternatives: Alternative[];
}

const PREFIX_WEIGHT = 0.6;
const TYPO_WEIGHT = 0.5;
/** Completions of one prefix kept: those held by the most documents. */
const MAX_COMPLETIONS = 50;
/** Words read in the sorted vocabulary for one prefix. */
const COMPLETION_SCAN = 2000;

export interface ExpandOptions {
  prefix: boolean;
  typo: boolean;
}

function completions(unit: QueryUnit, vocabulary: Vocabulary): string[] {
  const found = vocabulary.completions(unit.text, COMPLETION_SCAN);
  found.delete(unit.term);
  if (found.size <= MAX_COMPLETIONS) return [...found.keys()];
  return [...found.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_COMPLETIONS)
    .map(([term]) => term);
}

export function expandQuery(units: readonly QueryUnit[], index: TermIndex, vocabulary: Vocabulary, options: ExpandOptions): ExpandedUnit[] {
  const expanded: ExpandedUnit[] = [];
  for (const unit of units) {
    const alternatives: Alternative[] = [];
    const seen = new Set<string>();
    const offer = (term: string, weight: number) => {
      if (seen.has(term) || !index.entry(term)) return;
      seen.add(term);
      alternatives.push({ term, weight });
    };
    offer(unit.term, 1);
    const known = alternatives.length > 0;
    if (options.prefix && unit.prefix) {
      for (const term of completions(unit, vocabulary)) offer(term, PREFIX_WEIGHT);
    }
    if (options.typo && unit.typo && !known) {
      for (const term of vocabulary.typoNeighbours(unit.text)) offer(term, TYPO_WEIGHT);
    }
    if (alternatives.length > 0) expanded.push({ text: unit.text, alternatives });
  }
  return expanded;
}
