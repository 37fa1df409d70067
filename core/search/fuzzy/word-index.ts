/**
 * The words of every item, gathered once, so a query word can find the items holding a word near
 * it (the same stem, or one typo away) without scoring every item: a keystroke compares the query
 * word with each distinct word once, then visits only the items that hold one of those it took.
 */
import type { PreparedText } from './fold.js';
import { TIER_SIZE, Tier, finePart } from './score-word.js';
import { stemWord } from './stem.js';
import { commonPrefixLength, MIN_TYPO_LENGTH, typoPrefixLength } from './typo.js';
import { CJK_CHARACTER } from '../../util/cjk-scripts.js';

/** Words shorter than this have no near words, and are never one ("not" is no stem of "notes"). */
export const MIN_NEAR_WORD = 4;
/** Query words remembered with their near words; typing changes the last word, the rest repeat. */
const CACHE_SIZE = 64;

const LETTER = /\p{L}/u;
const letters = new Map<number, boolean>();

/** A folded letter of a word that stems and typos apply to (ideographs are words of their own). */
function isWordLetter(code: number): boolean {
  if (code < 128) return code >= 97 && code <= 122;
  let known = letters.get(code);
  if (known === undefined) {
    const char = String.fromCharCode(code);
    known = LETTER.test(char) && !CJK_CHARACTER.test(char);
    letters.set(code, known);
  }
  return known;
}

function isWord(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isWordLetter(text.charCodeAt(i))) return false;
  return true;
}

/** Where the last `NearWord.score` found its word: `[nearStart, nearStart + nearLength)`. */
export let nearStart = 0;
export let nearLength = 0;

/** A query word's near words, as the items see them. */
export interface NearWord {
  /** Indices of the items holding at least one near word. */
  readonly items: readonly number[];
  /** Best near score in field `field` of item `index` (see `nearStart`), or -1. */
  score(index: number, field: number, text: PreparedText): number;
}

export interface WordIndex {
  /** The near words of a folded query word; undefined when it has none. */
  near(word: string): NearWord | undefined;
}

const enum Near {
  None = 0,
  Typo = 1,
  Stem = 2,
}

/** `fields[item][field]`: the prepared fields of every item, in the matcher's order. */
export function createWordIndex(fields: ReadonlyArray<readonly PreparedText[]>): WordIndex {
  const ids = new Map<string, number>();
  const words: string[] = [];
  const stems: string[] = [];
  const postings: number[][] = [];
  const fieldCount = fields[0]?.length ?? 0;
  // Per item and field, its words as (word id, start) pairs in `flat`, from `offsets[item * (fieldCount + 1) + field]`.
  const offsets = new Int32Array(fields.length * (fieldCount + 1) + 1);
  const pairs: number[] = [];
  for (let item = 0; item < fields.length; item++) {
    for (let f = 0; f < fieldCount; f++) {
      offsets[item * (fieldCount + 1) + f] = pairs.length;
      collectWords(fields[item]![f]!, (word, start) => {
        let id = ids.get(word);
        if (id === undefined) {
          id = words.length;
          ids.set(word, id);
          words.push(word);
          stems.push(stemWord(word));
          postings.push([]);
        }
        const list = postings[id]!;
        if (list[list.length - 1] !== item) list.push(item);
        pairs.push(id, start);
      });
    }
    offsets[item * (fieldCount + 1) + fieldCount] = pairs.length;
  }
  const flat = Int32Array.from(pairs);
  const cache = new Map<string, NearWord | undefined>();
  const seen = new Int32Array(fields.length);
  let generation = 0;

  function find(word: string): NearWord | undefined {
    if (word.length < MIN_NEAR_WORD || !isWord(word)) return undefined;
    const stem = stemWord(word);
    const typos = word.length >= MIN_TYPO_LENGTH;
    let kinds: Uint8Array | undefined;
    let lengths: Uint16Array | undefined;
    for (let id = 0; id < words.length; id++) {
      const candidate = words[id]!;
      // A word the query starts as typed is matched by the exact scorer, and better.
      if (candidate.startsWith(word)) continue;
      let kind = Near.None;
      let length = 0;
      if (stems[id] === stem) {
        kind = Near.Stem;
        length = Math.max(commonPrefixLength(word, candidate), 1);
      } else if (typos) {
        length = typoPrefixLength(word, candidate);
        if (length > 0) kind = Near.Typo;
      }
      if (kind === Near.None) continue;
      kinds ??= new Uint8Array(words.length);
      lengths ??= new Uint16Array(words.length);
      kinds[id] = kind;
      lengths[id] = Math.min(length, candidate.length);
    }
    if (!kinds || !lengths) return undefined;
    const items: number[] = [];
    generation++;
    for (let id = 0; id < words.length; id++) {
      if (kinds[id] === Near.None) continue;
      for (const item of postings[id]!) {
        if (seen[item] === generation) continue;
        seen[item] = generation;
        items.push(item);
      }
    }
    return { items, score: (index, field, text) => scoreNear(kinds!, lengths!, index, field, text) };
  }

  function scoreNear(kinds: Uint8Array, lengths: Uint16Array, index: number, field: number, text: PreparedText): number {
    const at = index * (fieldCount + 1) + field;
    let best = -1;
    for (let k = offsets[at]!; k < offsets[at + 1]!; k += 2) {
      const kind = kinds[flat[k]!]!;
      if (kind === Near.None) continue;
      const start = flat[k + 1]!;
      const length = lengths[flat[k]!]!;
      const lead = start === 0 || text.wordStarts[start] === 2 ? 97 : 93;
      const score = (kind === Near.Stem ? Tier.Stem : Tier.Typo) * TIER_SIZE + finePart(lead - start * 0.25 - (text.folded.length - length) * 0.25);
      if (score > best) {
        best = score;
        nearStart = start;
        nearLength = length;
      }
    }
    return best;
  }

  return {
    near(word) {
      if (cache.has(word)) return cache.get(word);
      const found = find(word);
      if (cache.size >= CACHE_SIZE) cache.clear();
      cache.set(word, found);
      return found;
    },
  };
}

/** Calls `take` with each word of letters (four or more) of a prepared field and where it starts. */
function collectWords(text: PreparedText, take: (word: string, start: number) => void): void {
  const folded = text.folded;
  const starts = text.wordStarts;
  let i = 0;
  while (i < folded.length) {
    if (starts[i] === 0 || !isWordLetter(folded.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < folded.length && starts[end] === 0 && isWordLetter(folded.charCodeAt(end))) end++;
    if (end - i >= MIN_NEAR_WORD) take(folded.slice(i, end), i);
    i = end;
  }
}
