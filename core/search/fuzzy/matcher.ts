/**
 * A command-palette matcher: items are folded once, each keystroke scores them against the query
 * and returns the best first with the ranges to highlight. A word also finds its plural, stem
 * and, from five letters on, a word one typo away, ranked below every match as typed (see
 * score-word.ts). Frecency, when given, only breaks near-ties: it adds less than a tenth of a tier.
 */
import { foldString, letterBit, letterMask } from './fold.js';
import { collectMatches, mayMatchAsTyped, prepareItems, queryCeiling, scoreItemWords, type FieldMatch, type FuzzyKey } from './item-score.js';
import type { MatchRange } from './ranges.js';
import { TIER_SIZE } from './score-word.js';
import { createReach } from './reach.js';
import { TopK } from './top-k.js';
import { MIN_NEAR_WORD, createWordIndex, type NearWord, type WordIndex } from './word-index.js';

export type { FieldMatch, FuzzyKey } from './item-score.js';

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

export function createFuzzyMatcher<Item>(items: readonly Item[], options: FuzzyMatcherOptions<Item> = {}): FuzzyMatcher<Item> {
  const keys = normaliseKeys(options.keys);
  const weights = Float64Array.from(keys, (key) => key.weight!);
  const prepared = prepareItems(items, keys);
  const reach = createReach(prepared, weights);
  const idOf =
    options.idOf ??
    ((item: Item) => {
      const id = (item as { id?: unknown } | null)?.id;
      return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
    });
  // Typing extends the query: an item that failed "pri" as typed cannot match "pric" as typed, so
  // the next keystroke only rescans the previous matches as typed (and the items passed over
  // unread, which might have been some), plus the items holding a near word of the new query.
  let previous: { words: string[]; indices: Int32Array } | undefined;
  // Built on the first query word long enough to have near words.
  let wordIndex: WordIndex | undefined;
  // The items holding a near word of this query: `nearItems`, each marked with this query's number.
  const nearMark = new Int32Array(items.length);
  let nearGeneration = 0;
  let nearItems: number[] = [];

  /** Each word's near words, or undefined when no word has any. */
  function nearWords(words: readonly string[]): Array<NearWord | undefined> | undefined {
    let found: Array<NearWord | undefined> | undefined;
    for (let w = 0; w < words.length; w++) {
      if (words[w]!.length < MIN_NEAR_WORD) continue;
      wordIndex ??= createWordIndex(prepared.fields);
      const near = wordIndex.near(words[w]!);
      if (!near) continue;
      found ??= new Array<NearWord | undefined>(words.length).fill(undefined);
      found[w] = near;
    }
    return found;
  }

  /** Marks the items holding a near word of any word; returns the mark. */
  function markNearItems(near: ReadonlyArray<NearWord | undefined>): number {
    nearGeneration++;
    nearItems = [];
    for (const word of near) {
      for (const index of word?.items ?? []) {
        if (nearMark[index] === nearGeneration) continue;
        nearMark[index] = nearGeneration;
        nearItems.push(index);
      }
    }
    return nearGeneration;
  }

  // Read once: a keystroke looks up the heat of every item it keeps.
  const ids = options.frecency ? items.map(idOf) : [];

  function frecencyBonus(index: number): number {
    if (!options.frecency) return 0;
    const id = ids[index];
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
      const wordMasks = words.map(letterMask);
      const mask = letterMask(words.join(''));
      const near = nearWords(words);
      const viaNear = near ? markNearItems(near) : 0;
      // A custom score may admit items the built-in one rejected, so it always sees every item.
      const candidates = !options.customScore && extendsPrevious(words) ? previous!.indices : undefined;
      const top = new TopK(Math.min(limit, items.length));
      const band = options.frecency ? FRECENCY_BAND : 0;
      const first = letterBit(words[0]!.charCodeAt(0));
      const wholeMask = whole === undefined ? 0 : letterMask(whole);
      const asTyped: number[] = [];
      // An item whose fields cannot reach the worst score kept is passed over unread, from the
      // letter masks alone; it stays a candidate for the next keystroke while it may match.
      const passOver = (index: number, floor: number): boolean => {
        if (words.length === 1) {
          if (reach.canReach(index, first, floor)) return false;
          asTyped.push(index);
          return true;
        }
        const most = queryCeiling(words, wordMasks, wholeMask, index, prepared, weights);
        if (most >= floor) return false;
        if (most >= 0) asTyped.push(index);
        return true;
      };
      const consider = (index: number, withNear: boolean) => {
        const lacksLetters = !withNear && (prepared.masks[index]! & mask) !== mask;
        if (lacksLetters && !options.customScore) return;
        // A custom score sees every item with its whole built-in score.
        const floor = withNear || options.customScore ? -Infinity : top.threshold - band;
        if (floor > -Infinity && passOver(index, floor)) return;
        // One word scores as its best field, so its fields are read only while they can reach the floor.
        let score = lacksLetters ? -1 : scoreItemWords(words, wordMasks, withNear ? near : undefined, whole, index, prepared, weights, words.length === 1 ? floor : -Infinity);
        if (!lacksLetters && mayMatchAsTyped) asTyped.push(index);
        if (options.customScore) {
          score = options.customScore(items[index]!, query, score);
          if (!Number.isFinite(score)) throw new RangeError(`search: options.customScore returned ${score} for item ${index}; return a finite number.`);
        }
        if (score < 0 || score + band < top.threshold) return;
        top.offer(index, score + frecencyBonus(index));
      };
      // Items holding a near word are scored once, with it; the others only as typed.
      const total = candidates ? candidates.length : items.length;
      for (let c = 0; c < total; c++) {
        const index = candidates ? candidates[c]! : c;
        if (viaNear === 0 || nearMark[index] !== viaNear) consider(index, false);
      }
      for (const index of near ? nearItems : []) consider(index, true);
      previous = { words, indices: Int32Array.from(asTyped) };
      return top.sorted().map(({ index, score }) => ({
        item: items[index]!,
        index,
        score,
        matches: collectMatches(words, wordMasks, viaNear !== 0 && nearMark[index] === viaNear ? near : undefined, whole, index, prepared, keys, weights),
      }));
    },
  };
}

/** One candidate string against a query: its score and the ranges to highlight, or null when it does not match. */
export function scoreItem(query: string, candidate: string): { score: number; ranges: MatchRange[] } | null {
  const words = queryWords(query);
  if (words.length === 0) return { score: 0, ranges: [] };
  const keys: FuzzyKey<string>[] = [{ name: 'text', weight: 1, get: (text) => text }];
  const item = prepareItems([candidate], keys);
  const weights = Float64Array.of(1);
  const whole = words.length > 1 ? words.join(' ') : undefined;
  const index = createWordIndex(item.fields);
  const near = words.map((word) => index.near(word));
  const wordMasks = words.map(letterMask);
  const score = scoreItemWords(words, wordMasks, near, whole, 0, item, weights);
  if (score < 0) return null;
  const matches = collectMatches(words, wordMasks, near, whole, 0, item, keys, weights);
  return { score, ranges: matches[0]?.ranges ?? [] };
}
