/**
 * A command-palette matcher: items are folded once, each keystroke scores them against the query
 * and returns the best first with the ranges to highlight. Frecency, when given, only breaks
 * near-ties: it adds less than a tenth of a match tier.
 */
import { foldString, letterMask, prepareText, type PreparedText } from './fold.js';
import { positionsToRanges, type MatchRange } from './ranges.js';
import { TIER_SIZE, matchLength, matchPositions, scoreTransposed, scoreWord } from './score-word.js';

export interface FuzzyKey<Item> {
  /** The field's name, reported in matches; also read from the item when `get` is absent. */
  name: string;
  /** How much a match in this field counts, relative to the others. Default 1. */
  weight?: number;
  get?: (item: Item) => string | readonly string[] | null | undefined;
}

/** Frecency source: a non-negative heat per item id (a HeatRank fits). */
export interface FrecencySource {
  score(id: string): number;
}

export interface FuzzyMatcherOptions<Item> {
  /** Fields to match, most important first; the first one is the item's name. */
  keys?: ReadonlyArray<FuzzyKey<Item> | string>;
  frecency?: FrecencySource;
  /** The item's id for frecency. Default: the item's `id` property. */
  idOf?: (item: Item) => string | undefined;
  /**
   * The host's own score, used as given: it receives the built-in score (-1 when the item did not
   * match) and returns the score to rank by; a negative result leaves the item out. Frecency still
   * adds its bounded bonus on top.
   */
  customScore?: (item: Item, query: string, builtInScore: number) => number;
}

export interface FieldMatch {
  key: string;
  /** The field's text as matched (a list of keywords is joined with ", "), for `highlight`. */
  text: string;
  ranges: MatchRange[];
}

export interface FuzzyResult<Item> {
  item: Item;
  /** Position in the list given to the matcher. */
  index: number;
  score: number;
  matches: FieldMatch[];
}

export interface FuzzySearchOptions {
  /** Most results returned. Default: all. */
  limit?: number;
}

export interface FuzzyMatcher<Item> {
  search(query: string, options?: FuzzySearchOptions): FuzzyResult<Item>[];
  readonly size: number;
}

export const DEFAULT_KEYS: ReadonlyArray<FuzzyKey<unknown>> = [
  { name: 'name', weight: 1 },
  { name: 'keywords', weight: 0.8 },
  { name: 'section', weight: 0.5 },
  { name: 'description', weight: 0.4 },
];

/** The most a frecency bonus adds: a tenth of a tier, so it reorders near-equal matches only. */
export const FRECENCY_BAND = TIER_SIZE / 10;
/** Query words are matched on their first this-many characters. */
const MAX_WORD_CHARS = 64;
const KEYWORD_SEPARATOR = ', ';

function readField<Item>(item: Item, key: FuzzyKey<Item>): PreparedText {
  const value = key.get ? key.get(item) : (item as Record<string, unknown> | null)?.[key.name];
  if (value == null) return prepareText('');
  if (!Array.isArray(value)) return prepareText(String(value));
  const entryStarts: number[] = [];
  let offset = 0;
  for (const entry of value as unknown[]) {
    entryStarts.push(offset);
    offset += String(entry).length + KEYWORD_SEPARATOR.length;
  }
  return prepareText(value.join(KEYWORD_SEPARATOR), entryStarts);
}

function normaliseKeys<Item>(keys: FuzzyMatcherOptions<Item>['keys']): FuzzyKey<Item>[] {
  const list = (keys ?? DEFAULT_KEYS) as ReadonlyArray<FuzzyKey<Item> | string>;
  if (list.length === 0) throw new TypeError('createFuzzyMatcher: `keys` is empty; name at least one field to match.');
  return list.map((key) => {
    const normalised = typeof key === 'string' ? { name: key } : key;
    const weight = normalised.weight ?? 1;
    if (!(weight > 0) || !Number.isFinite(weight)) {
      throw new RangeError(`createFuzzyMatcher: keys[${JSON.stringify(normalised.name)}].weight must be a positive number, got ${weight}.`);
    }
    return { ...normalised, weight };
  });
}

/** Folded query words, split on whitespace. */
export function queryWords(query: string): string[] {
  const words = foldString(query).split(/\s+/u).filter((word) => word.length > 0);
  return words.map((word) => (word.length > MAX_WORD_CHARS ? word.slice(0, MAX_WORD_CHARS) : word));
}

interface Prepared {
  fields: PreparedText[];
  mask: number;
}

function prepareItem<Item>(item: Item, keys: readonly FuzzyKey<Item>[]): Prepared {
  const fields = keys.map((key) => readField(item, key));
  let mask = 0;
  for (const field of fields) mask |= letterMask(field.folded);
  return { fields, mask };
}

function bestFieldScore(word: string, prepared: Prepared, weights: Float64Array, allowTypos: boolean): number {
  let best = -1;
  for (let f = 0; f < weights.length; f++) {
    const score = scoreWord(word, prepared.fields[f]!);
    if (score >= 0 && score * weights[f]! > best) best = score * weights[f]!;
  }
  if (best >= 0 || !allowTypos) return best;
  for (let f = 0; f < weights.length; f++) {
    const score = scoreTransposed(word, prepared.fields[f]!);
    if (score >= 0 && score * weights[f]! > best) best = score * weights[f]!;
  }
  return best;
}

/** Score of a whole query against one prepared item; -1 when some word matches nowhere. */
function scorePrepared(words: readonly string[], whole: string | undefined, prepared: Prepared, weights: Float64Array, allowTypos: boolean): number {
  let total = 0;
  for (const word of words) {
    const best = bestFieldScore(word, prepared, weights, allowTypos);
    if (best < 0) return -1;
    total += best;
  }
  let score = total / words.length;
  // "open set" read as one phrase in the name beats its words matched apart.
  if (whole !== undefined) {
    const phrase = scoreWord(whole, prepared.fields[0]!);
    if (phrase >= 0 && phrase * weights[0]! > score) score = phrase * weights[0]!;
  }
  return score;
}

function collectMatches<Item>(
  words: readonly string[],
  whole: string | undefined,
  prepared: Prepared,
  keys: readonly FuzzyKey<Item>[],
  weights: Float64Array,
  allowTypos: boolean,
): FieldMatch[] {
  const positionsByField = new Map<number, number[]>();
  const add = (field: number) => {
    const list = positionsByField.get(field) ?? [];
    for (let i = 0; i < matchLength; i++) list.push(matchPositions[i]!);
    positionsByField.set(field, list);
  };
  let wordsTotal = 0;
  for (const word of words) {
    let bestField = -1;
    let best = -1;
    let transposed = false;
    for (const typo of allowTypos ? [false, true] : [false]) {
      for (let f = 0; f < weights.length; f++) {
        const score = typo ? scoreTransposed(word, prepared.fields[f]!) : scoreWord(word, prepared.fields[f]!);
        if (score >= 0 && score * weights[f]! > best) {
          best = score * weights[f]!;
          bestField = f;
          transposed = typo;
        }
      }
      if (best >= 0) break;
    }
    wordsTotal += best;
    if (bestField < 0) continue;
    if (transposed) scoreTransposed(word, prepared.fields[bestField]!);
    else scoreWord(word, prepared.fields[bestField]!);
    add(bestField);
  }
  if (whole !== undefined) {
    const phrase = scoreWord(whole, prepared.fields[0]!);
    if (phrase >= 0 && phrase * weights[0]! >= wordsTotal / words.length) {
      positionsByField.clear();
      add(0);
    }
  }
  return [...positionsByField.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([field, positions]) => ({
      key: keys[field]!.name,
      text: prepared.fields[field]!.text,
      ranges: positionsToRanges(positions, positions.length),
    }));
}

/** Indices of the best `limit` scores, best first; equal scores keep the given order. */
function topIndices(indices: Int32Array, scores: Float64Array, count: number, limit: number): number[] {
  const order = Array.from(indices.subarray(0, count));
  const better = (a: number, b: number) => scores[b]! - scores[a]! || a - b;
  if (count <= limit * 4) return order.sort(better).slice(0, limit);
  // A bounded selection: keep the current best `limit`, sorted, and insert only what beats the worst.
  const kept = order.slice(0, limit).sort(better);
  for (let i = limit; i < count; i++) {
    const candidate = order[i]!;
    if (better(candidate, kept[limit - 1]!) >= 0) continue;
    let low = 0;
    let high = limit - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (better(candidate, kept[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    kept.splice(low, 0, candidate);
    kept.pop();
  }
  return kept;
}

export function createFuzzyMatcher<Item>(items: readonly Item[], options: FuzzyMatcherOptions<Item> = {}): FuzzyMatcher<Item> {
  const keys = normaliseKeys(options.keys);
  const weights = Float64Array.from(keys, (key) => key.weight!);
  const prepared = items.map((item) => prepareItem(item, keys));
  const idOf =
    options.idOf ??
    ((item: Item) => {
      const id = (item as { id?: unknown } | null)?.id;
      return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
    });
  const scores = new Float64Array(items.length);
  const matched = new Int32Array(items.length);
  // Typing extends the query: an item that failed "pri" cannot match "pric", so the next keystroke
  // only rescans the previous strict matches.
  let previous: { words: string[]; indices: Int32Array } | undefined;

  function frecencyBonus(index: number): number {
    if (!options.frecency) return 0;
    const id = idOf(items[index]!);
    if (id === undefined) return 0;
    const heat = options.frecency.score(id);
    return heat > 0 && Number.isFinite(heat) ? (FRECENCY_BAND * heat) / (heat + 1) : 0;
  }

  function emptyQuery(limit: number): FuzzyResult<Item>[] {
    const order = items.map((_, index) => index);
    if (options.frecency) {
      const heat = order.map(frecencyBonus);
      order.sort((a, b) => heat[b]! - heat[a]! || a - b);
    }
    return order.slice(0, limit).map((index) => ({ item: items[index]!, index, score: 0, matches: [] }));
  }

  function extendsPrevious(words: string[]): boolean {
    if (!previous || previous.words.length > words.length) return false;
    const last = previous.words.length - 1;
    for (let w = 0; w < last; w++) if (previous.words[w] !== words[w]) return false;
    return last < 0 || words[last]!.startsWith(previous.words[last]!);
  }

  return {
    get size() {
      return items.length;
    },
    search(query, searchOptions = {}) {
      const limit = searchOptions.limit ?? Infinity;
      if (!(limit >= 0)) throw new RangeError(`search: options.limit must be zero or more, got ${searchOptions.limit}.`);
      const words = queryWords(query);
      if (words.length === 0) {
        previous = undefined;
        return emptyQuery(limit);
      }
      const whole = words.length > 1 ? words.join(' ') : undefined;
      const mask = letterMask(words.join(''));
      // A custom score may admit items the built-in one rejected, so it always sees every item.
      const candidates = !options.customScore && extendsPrevious(words) ? previous!.indices : undefined;
      let count = 0;
      const scan = (allowTypos: boolean) => {
        const total = candidates && !allowTypos ? candidates.length : items.length;
        for (let c = 0; c < total; c++) {
          const index = candidates && !allowTypos ? candidates[c]! : c;
          const item = prepared[index]!;
          let score = (item.mask & mask) !== mask ? -1 : scorePrepared(words, whole, item, weights, allowTypos);
          if (options.customScore) {
            score = options.customScore(items[index]!, query, score);
            if (!Number.isFinite(score)) throw new RangeError(`search: options.customScore returned ${score} for item ${index}; return a finite number.`);
          }
          if (score < 0) continue;
          scores[index] = score;
          matched[count++] = index;
        }
      };
      scan(false);
      const allowTypos = count === 0;
      previous = allowTypos ? undefined : { words, indices: matched.slice(0, count) };
      if (allowTypos) scan(true);
      if (options.frecency) for (let i = 0; i < count; i++) scores[matched[i]!] += frecencyBonus(matched[i]!);
      const best = topIndices(matched, scores, count, Math.min(limit, count));
      return best.map((index) => ({
        item: items[index]!,
        index,
        score: scores[index]!,
        matches: collectMatches(words, whole, prepared[index]!, keys, weights, allowTypos),
      }));
    },
  };
}

/** One candidate string against a query: its score and the ranges to highlight, or null when it does not match. */
export function scoreItem(query: string, candidate: string): { score: number; ranges: MatchRange[] } | null {
  const words = queryWords(query);
  if (words.length === 0) return { score: 0, ranges: [] };
  const keys: FuzzyKey<string>[] = [{ name: 'text', weight: 1, get: (text) => text }];
  const item = prepareItem(candidate, keys);
  const weights = Float64Array.of(1);
  const whole = words.length > 1 ? words.join(' ') : undefined;
  let allowTypos = false;
  let score = scorePrepared(words, whole, item, weights, false);
  if (score < 0) {
    allowTypos = true;
    score = scorePrepared(words, whole, item, weights, true);
  }
  if (score < 0) return null;
  const matches = collectMatches(words, whole, item, keys, weights, allowTypos);
  return { score, ranges: matches[0]?.ranges ?? [] };
}
