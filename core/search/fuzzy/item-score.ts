/**
 * One item against a whole query: each word takes its best field, as typed or through a near word
 * (word-index.ts), weighted by the field; the item's score is the mean over the words, or the
 * name read as one phrase when that is better. An item matches only when every word does.
 */
import { letterBit, letterMask, prepareText, type PreparedText } from './fold.js';
import { positionsToRanges, type MatchRange } from './ranges.js';
import { BELOW_FLOOR, MOST_INSIDE_ENTRY, MOST_INSIDE_WORD, MOST_SCORE, TIER_SIZE, Tier, matchLength, matchPositions, scoreWord } from './score-word.js';
import { nearLength, nearStart, type NearWord } from './word-index.js';

export interface FuzzyKey<Item> {
  /** The field's name, reported in matches; also read from the item when `get` is absent. */
  name: string;
  /** How much a match in this field counts, relative to the others. Default 1. */
  weight?: number;
  get?: (item: Item) => string | readonly string[] | null | undefined;
}

export interface FieldMatch {
  key: string;
  /** The field's text as matched (a list of keywords is joined with ", "), for `highlight`. */
  text: string;
  ranges: MatchRange[];
}

/**
 * Every item's fields, prepared once, and their letter masks side by side (item `i`, field `f` at
 * `i * fieldCount + f`), so a keystroke can pass over most items without reading them.
 */
export interface PreparedItems {
  readonly fieldCount: number;
  /** `fields[i][f]`. */
  readonly fields: ReadonlyArray<readonly PreparedText[]>;
  /** The letters of each item, all fields together (see `letterMask`). */
  readonly masks: Int32Array;
  readonly fieldMasks: Int32Array;
  /** Per field, the letters that start a word, and those that start the field or an entry. */
  readonly wordStartLetters: Int32Array;
  readonly entryStartLetters: Int32Array;
}

/** The most a near word scores before its weight. */
const MOST_NEAR_SCORE = Tier.Stem * TIER_SIZE + 99;

/** The most a word whose first letter has the bit `first` (0 when it has none) can score in field `at` (item × fields + field). */
function ceiling(first: number, prepared: PreparedItems, at: number): number {
  if (first === 0 || (prepared.entryStartLetters[at]! & first) !== 0) return MOST_SCORE;
  return (prepared.wordStartLetters[at]! & first) !== 0 ? MOST_INSIDE_ENTRY : MOST_INSIDE_WORD;
}

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

export function prepareItems<Item>(items: readonly Item[], keys: readonly FuzzyKey<Item>[]): PreparedItems {
  const fieldCount = keys.length;
  const fields = items.map((item) => keys.map((key) => readField(item, key)));
  const masks = new Int32Array(items.length);
  const fieldMasks = new Int32Array(items.length * fieldCount);
  const wordStartLetters = new Int32Array(items.length * fieldCount);
  const entryStartLetters = new Int32Array(items.length * fieldCount);
  fields.forEach((itemFields, i) => {
    itemFields.forEach((field, f) => {
      const at = i * fieldCount + f;
      fieldMasks[at] = letterMask(field.folded);
      wordStartLetters[at] = field.wordStartLetters;
      entryStartLetters[at] = field.entryStartLetters;
      masks[i]! |= fieldMasks[at]!;
    });
  });
  return { fieldCount, fields, masks, fieldMasks, wordStartLetters, entryStartLetters };
}

/**
 * The most a query of several words can score as typed in item `index`, from the letter masks
 * alone (no field is read): each word at its best field's ceiling, or the whole phrase in the name.
 * -1 when some word's letters are in no field, so the item cannot match as typed.
 */
export function queryCeiling(words: readonly string[], wordMasks: readonly number[], wholeMask: number, index: number, prepared: PreparedItems, weights: Float64Array): number {
  const base = index * prepared.fieldCount;
  let total = 0;
  for (let w = 0; w < words.length; w++) {
    const first = letterBit(words[w]!.charCodeAt(0));
    let best = -1;
    for (let f = 0; f < weights.length; f++) {
      if ((prepared.fieldMasks[base + f]! & wordMasks[w]!) !== wordMasks[w]) continue;
      best = Math.max(best, ceiling(first, prepared, base + f) * weights[f]!);
    }
    if (best < 0) return -1;
    total += best;
  }
  const words_ = total / words.length;
  const phraseFits = (prepared.fieldMasks[base]! & wholeMask) === wholeMask;
  return phraseFits ? Math.max(words_, ceiling(letterBit(words[0]!.charCodeAt(0)), prepared, base) * weights[0]!) : words_;
}

/** How the last `bestWordScore` matched: its field, and the near word's place when it took one. */
let bestField = -1;
let bestNear = false;
let bestStart = 0;
let bestLength = 0;
/** The last `bestWordScore` found the word as typed somewhere (whatever won). */
let foundAsTyped = false;
/** The last `bestWordScore` left fields unread because they could not reach its floor. */
let skippedBelowFloor = false;

/**
 * Best weighted score of one word in the item, as typed or through `near`; -1 when it matches
 * nowhere. A field is read only when its weight lets it beat the best so far and reach `floor`.
 */
function bestWordScore(word: string, wordMask: number, near: NearWord | undefined, index: number, prepared: PreparedItems, weights: Float64Array, floor: number): number {
  let best = -1;
  bestField = -1;
  skippedBelowFloor = false;
  const first = letterBit(word.charCodeAt(0));
  const fields = prepared.fields[index]!;
  for (let f = 0; f < weights.length; f++) {
    const at = index * prepared.fieldCount + f;
    const most = ceiling(first, prepared, at) * weights[f]!;
    if (most <= best || (prepared.fieldMasks[at]! & wordMask) !== wordMask) continue;
    if (most < floor) {
      skippedBelowFloor = true;
      continue;
    }
    const score = scoreWord(word, fields[f]!, Math.max(best, floor) / weights[f]!);
    if (score === BELOW_FLOOR) skippedBelowFloor = true;
    else if (score >= 0 && score * weights[f]! > best) {
      best = score * weights[f]!;
      bestField = f;
      bestNear = false;
    }
  }
  foundAsTyped = best >= 0;
  if (!near) return best;
  for (let f = 0; f < weights.length; f++) {
    if (MOST_NEAR_SCORE * weights[f]! <= best) continue;
    const score = near.score(index, f, fields[f]!);
    if (score >= 0 && score * weights[f]! > best) {
      best = score * weights[f]!;
      bestField = f;
      bestNear = true;
      bestStart = nearStart;
      bestLength = nearLength;
    }
  }
  return best;
}

/**
 * Set by `scoreItemWords`: the item matched every word as typed, or may have (fields left unread
 * below the floor), so it stays a candidate as typing goes on.
 */
export let mayMatchAsTyped = false;

/**
 * Score of a whole query against one item; -1 when some word matches nowhere. `near[w]` holds the
 * near words of `words[w]` when the item has some, else undefined. With a `floor`, a score below
 * it may come out lower than it is (the fields that could not reach it are not read).
 */
export function scoreItemWords(
  words: readonly string[],
  wordMasks: readonly number[],
  near: ReadonlyArray<NearWord | undefined> | undefined,
  whole: string | undefined,
  index: number,
  prepared: PreparedItems,
  weights: Float64Array,
  floor = -Infinity,
): number {
  let total = 0;
  mayMatchAsTyped = true;
  for (let w = 0; w < words.length; w++) {
    const best = bestWordScore(words[w]!, wordMasks[w]!, near?.[w], index, prepared, weights, floor);
    if (!foundAsTyped && !skippedBelowFloor) mayMatchAsTyped = false;
    if (best < 0) return -1;
    total += best;
  }
  let score = total / words.length;
  // "open set" read as one phrase in the name beats its words matched apart.
  if (whole !== undefined) {
    const phrase = scoreWord(whole, prepared.fields[index]![0]!);
    if (phrase >= 0 && phrase * weights[0]! > score) score = phrase * weights[0]!;
  }
  return score;
}

/** The ranges to highlight in each field, for the match `scoreItemWords` scored. */
export function collectMatches<Item>(
  words: readonly string[],
  wordMasks: readonly number[],
  near: ReadonlyArray<NearWord | undefined> | undefined,
  whole: string | undefined,
  index: number,
  prepared: PreparedItems,
  keys: readonly FuzzyKey<Item>[],
  weights: Float64Array,
): FieldMatch[] {
  const positionsByField = new Map<number, number[]>();
  const add = (field: number, positions: ArrayLike<number>, length: number) => {
    const list = positionsByField.get(field) ?? [];
    for (let i = 0; i < length; i++) list.push(positions[i]!);
    positionsByField.set(field, list);
  };
  let wordsTotal = 0;
  for (let w = 0; w < words.length; w++) {
    wordsTotal += bestWordScore(words[w]!, wordMasks[w]!, near?.[w], index, prepared, weights, -Infinity);
    if (bestField < 0) continue;
    if (bestNear) {
      add(bestField, Array.from({ length: bestLength }, (_, i) => bestStart + i), bestLength);
    } else {
      scoreWord(words[w]!, prepared.fields[index]![bestField]!);
      add(bestField, matchPositions, matchLength);
    }
  }
  if (whole !== undefined) {
    const phrase = scoreWord(whole, prepared.fields[index]![0]!);
    if (phrase >= 0 && phrase * weights[0]! >= wordsTotal / words.length) {
      positionsByField.clear();
      add(0, matchPositions, matchLength);
    }
  }
  return [...positionsByField.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([field, positions]) => ({
      key: keys[field]!.name,
      text: prepared.fields[index]![field]!.text,
      ranges: positionsToRanges(positions, positions.length),
    }));
}
