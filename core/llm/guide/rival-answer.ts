/**
 * A page can contradict itself: a draft's header says it expires in June while its boilerplate says
 * December. When a question asks for a date, a price or a duration and another sure match, ranked
 * about as high as the best, states a value the best one does not, quoting one of them would be a
 * guess given as a fact. The guide then says it is not sure and quotes both.
 */
import type { FactMatch } from './match.js';
import { SURE } from './match.js';
import type { AnswerKind, VisitorRequest } from './request.js';

/** How far below the best a rival may rank and still count: one ranking bonus. */
const RIVAL_MARGIN = 0.1;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
const DAY_MONTH_YEAR = new RegExp(`\\b(\\d{1,2})\\s+${MONTH}\\s+(\\d{4})\\b`, 'gi');
const MONTH_DAY_YEAR = new RegExp(`\\b${MONTH}\\s+(\\d{1,2}),?\\s+(\\d{4})\\b`, 'gi');
const ISO_DATE = /\b(\d{4})-(\d\d)-(\d\d)\b/g;
const MONEY = /[$€£¥]\s?\d[\d,]*(?:\.\d+)?/g;
const DURATION = /\b(\d+)\s+(?:working\s+|business\s+)?(second|minute|hour|day|week|month|year)s?\b/gi;

/**
 * The values of `kind` that `text` states, written one way ("18 June 2015" and "June 18, 2015" are
 * both 2015-06-18). Counts are left out: a sentence holds counts of many things, so two numbers are
 * not two answers.
 */
function statedValues(kind: AnswerKind | undefined, text: string): Set<string> {
  const values = new Set<string>();
  const month = (name: string) => String(MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1).padStart(2, '0');
  const day = (digits: string) => digits.padStart(2, '0');
  switch (kind) {
    case 'date':
      for (const [, d, m, y] of text.matchAll(DAY_MONTH_YEAR)) values.add(`${y}-${month(m!)}-${day(d!)}`);
      for (const [, m, d, y] of text.matchAll(MONTH_DAY_YEAR)) values.add(`${y}-${month(m!)}-${day(d!)}`);
      for (const [, y, m, d] of text.matchAll(ISO_DATE)) values.add(`${y}-${m}-${d}`);
      break;
    case 'money':
      for (const [amount] of text.matchAll(MONEY)) values.add(amount.replace(/[\s,]/g, ''));
      break;
    case 'duration':
      for (const [, count, unit] of text.matchAll(DURATION)) values.add(`${count} ${unit!.toLowerCase()}`);
      break;
    default:
      break;
  }
  return values;
}

/** The sure match close behind `best` that states a value `best` does not, if any. */
export function rivalAnswer(ranked: readonly FactMatch[], best: FactMatch, request: VisitorRequest): FactMatch | undefined {
  const kind = request.answerKind;
  const bestValues = statedValues(kind, best.fact.value);
  if (bestValues.size === 0) return undefined;
  return ranked.find(
    (match) =>
      match !== best &&
      // A table row and its cells are one statement read two ways.
      match.fact.line !== best.fact.line &&
      match.coverage >= SURE &&
      match.score >= best.score - RIVAL_MARGIN &&
      !match.fact.opens &&
      [...statedValues(kind, match.fact.value)].some((value) => !bestValues.has(value)),
  );
}
