/**
 * How well a fact answers a request: the weighted share of the request's concepts it holds, in what
 * names it (full), in what it says (nearly full) or in the headings above it (less), plus a little
 * when what it says is the kind of answer the question asks for (a date for "when", a price for "how
 * much"). A match is sure only when it covers nearly all the request: a page that holds some of the
 * words is not an answer, and the guide says so instead of quoting it.
 */
import type { PageFact } from './page-facts.js';
import { answerKindOf, isFiller, type AnswerKind, type VisitorRequest } from './request.js';
import { conceptsIn } from './terms.js';

/** Coverage at which a fact is given as the answer. */
export const SURE = 0.7;
/** Coverage at which a page is worth going to, or naming as the closest one. */
export const CLOSE = 0.5;
/** Coverage at which the one page the site map points to is worth going to, when nothing else comes near. */
export const ONLY_LEAD = 0.3;

const IN_KEY = 1;
const IN_VALUE = 0.9;
/** A section's text is long: a word found in it says less than one in a sentence. */
const IN_SECTION = 0.6;
const IN_CONTEXT = 0.7;
/** Ranking only, never coverage: the kind of answer asked for, a key made of the request's words, a short fact. */
const KIND_BONUS = 0.1;
const PRECISION_BONUS = 0.1;
const BREVITY_BONUS = 0.1;
const BRIEF_CHARS = 120;
const CHROME_FACTOR = 0.85;
/** A fact that lacks the quantity a question asks for counts for this share of its coverage. */
const UNMEASURED_FACTOR = 0.6;
/** Among equal coverage: a table cell or a definition is more precise than a sentence, a sentence than a section. */
const KIND_ORDER: Record<PageFact['kind'], number> = { cell: 6, pair: 5, question: 5, collapsed: 4, row: 4, sentence: 3, heading: 2 };

const KIND_SHAPES: Record<AnswerKind, RegExp> = {
  date: /\b(?:1[5-9]\d\d|20\d\d)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\d{1,2}:\d\d/i,
  person: /\b\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)+\b/u,
  money: /[$€£¥]\s?\d|\d\s?(?:usd|eur|gbp|dollars?|euros?)\b|\bfree\b/i,
  number: /(?<![\p{L}\d-])\d|\bunlimited\b|\bno limit\b/iu,
  duration: /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)(?:\s+to\s+\w+)?\s+(?:working\s+|business\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b/i,
  'yes-no': /^(?:yes|no)\b|\b(?:yes|no),/i,
  place: /\b(?:in|at|from)\s+\p{Lu}/u,
};

/** Questions for a quantity: a fact with no date, price, number or duration in it does not answer them. */
const MEASURED: ReadonlySet<AnswerKind> = new Set(['date', 'money', 'number', 'duration']);

export interface FactMatch {
  fact: PageFact;
  coverage: number;
  /** Coverage with the answer-kind bonus and the chrome discount: what matches are ranked by. */
  score: number;
  matched: Set<string>;
}

/** Weighted coverage of the request by three fields of decreasing worth. */
export function coverageOf(
  request: VisitorRequest,
  key: Set<string>,
  value: Set<string>,
  context: Set<string>,
  valueWorth = IN_VALUE,
): { coverage: number; matched: Set<string> } {
  let total = 0;
  let covered = 0;
  const matched = new Set<string>();
  for (const concept of request.concepts) {
    total += concept.weight;
    const worth = key.has(concept.key) ? IN_KEY : value.has(concept.key) ? valueWorth : context.has(concept.key) ? IN_CONTEXT : 0;
    if (worth > 0) matched.add(concept.key);
    covered += worth * concept.weight;
  }
  return { coverage: total > 0 ? covered / total : 0, matched };
}

/** Every fact that covers some of the request, best first. `pageTitle` counts as every fact's context. */
export function rankFacts(facts: readonly PageFact[], request: VisitorRequest, pageTitle: string): FactMatch[] {
  const titleConcepts = conceptsIn(pageTitle);
  const contexts = new Map<string, Set<string>>();
  const matches: FactMatch[] = [];
  for (const fact of facts) {
    let context = contexts.get(fact.context);
    if (!context) {
      context = new Set([...conceptsIn(fact.context), ...titleConcepts]);
      contexts.set(fact.context, context);
    }
    const key = conceptsIn(fact.key);
    const { coverage, matched } = coverageOf(request, key, conceptsIn(fact.value), context, fact.kind === 'heading' ? IN_SECTION : IN_VALUE);
    if (coverage <= 0 || matched.size === 0) continue;
    // A fact whose own words hold none of the request is only where the request's words are headings.
    const own = conceptsIn(`${fact.key} ${fact.value}`);
    if (![...matched].some((concept) => own.has(concept))) continue;
    const fits = request.answerKind !== undefined && KIND_SHAPES[request.answerKind].test(fact.value);
    const named = [...key].filter((concept) => !isFiller(concept));
    const precision = named.length > 0 ? named.filter((concept) => matched.has(concept)).length / named.length : 0;
    // A page's own question asking for the same kind of answer ("How long does delivery take?").
    const sameQuestion = (fact.kind === 'question' || fact.kind === 'collapsed') && request.answerKind !== undefined && answerKindOf(fact.key) === request.answerKind;
    // A section is as long as it is: its length says nothing against it.
    const brevity = fact.kind === 'heading' ? 0.5 : Math.min(1, BRIEF_CHARS / Math.max(fact.value.length, 1));
    const chrome = fact.chrome ? CHROME_FACTOR : 1;
    const score = coverage * chrome + (fits || sameQuestion ? KIND_BONUS : 0) + PRECISION_BONUS * precision + BREVITY_BONUS * brevity;
    // Kept as a lead (its page may be the closest), never as a sure answer.
    const answers = fits || request.answerKind === undefined || !MEASURED.has(request.answerKind) || fact.opens !== undefined;
    matches.push({ fact, coverage: coverage * chrome * (answers ? 1 : UNMEASURED_FACTOR), score, matched });
  }
  return matches.sort((a, b) => b.score - a.score || KIND_ORDER[b.fact.kind] - KIND_ORDER[a.fact.kind] || a.fact.line - b.fact.line);
}
