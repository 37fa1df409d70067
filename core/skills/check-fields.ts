import { describeValue } from '../util/describe-value.js';
import { isPlainObject } from '../util/is-plain-object.js';

/** The checks every skill checker shares; each throws a TypeError that starts with where the defect is. */

export function fail(where: string, message: string): never {
  throw new TypeError(`${where}: ${message}`);
}

export interface TextRule {
  optional?: boolean;
  /** Most characters. Default 2000. */
  max?: number;
  /** Refuse text that is only spaces. */
  nonBlank?: boolean;
}

export function checkText(where: string, value: unknown, rule: TextRule = {}): void {
  const { optional = false, max = 2000, nonBlank = false } = rule;
  if (value === undefined && optional) return;
  if (typeof value !== 'string') fail(where, `must be ${optional ? 'text (or left out)' : 'text'}, got ${describeValue(value)}`);
  if (nonBlank && value.trim() === '') fail(where, 'must not be blank');
  if (value.length > max) fail(where, `is ${value.length} characters long; keep it to ${max}`);
}

export function checkBoolean(where: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'boolean') fail(where, `must be true or false, got ${describeValue(value)}`);
}

export function checkFunction(where: string, value: unknown, signature: string, optional = true): void {
  if (value === undefined && optional) return;
  if (typeof value !== 'function') fail(where, `must be a function ${signature}, got ${describeValue(value)}`);
}

export function checkObject(where: string, value: unknown, example: string): asserts value is Record<string, unknown> {
  if (!isPlainObject(value)) fail(where, `must be an object like ${example}, got ${describeValue(value)}`);
}

export function checkChoice<T extends string>(where: string, value: unknown, choices: readonly T[], optional = true): void {
  if (value === undefined && optional) return;
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    const near = typeof value === 'string' ? nearestWord(value, choices) : undefined;
    fail(where, `must be one of ${choices.map((choice) => JSON.stringify(choice)).join(', ')}, got ${describeValue(value)}${near ? `; did you mean "${near}"?` : ''}`);
  }
}

/** A name that can stand in a `{{placeholder}}` and a JSON Pointer without escaping. */
export const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export function checkIdentifier(where: string, value: unknown, what: string): void {
  if (typeof value !== 'string' || !IDENTIFIER.test(value)) {
    fail(where, `${what} is a letter followed by up to 63 letters, digits or "_" (e.g. "targetLanguage"), got ${describeValue(value)}`);
  }
}

/**
 * Refuses a key outside `known`, naming it, the nearest known key when it looks like a typo of one,
 * and every key the object takes: a misspelt field of a page config's JSON is otherwise silently lost.
 */
export function checkKnownKeys(where: string, value: Record<string, unknown>, known: readonly string[], what: string): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const near = nearestWord(key, known);
    const hint = near ? `did you mean "${near}"? ` : '';
    fail(`${where}.${key}`, `is not a field of ${what}; ${hint}${what} takes ${known.join(', ')}`);
  }
}

/**
 * The word of `candidates` closest to `word` (case aside) within two edits, one for a word of four
 * letters or fewer (in a short word two edits make another word); undefined when none is that close.
 */
export function nearestWord(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = word.length <= 4 ? 2 : 3;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, with a swap of two neighbours counted as one edit. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let cell = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cell = Math.min(cell, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = cell;
    }
  }
  return rows[a.length]![b.length]!;
}
