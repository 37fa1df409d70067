/**
 * The words of the index as written (folded, not stemmed), each with the term it is indexed under
 * and how many documents hold it: what an unfinished last word completes to, and what a word with a
 * typo is one edit away from. The sorted list for completions is brought up to date only when a
 * completion is asked for, so building an index costs one sort, not one insertion per word.
 *
 * Typo candidates come from buckets by length and by first or last letter: one edit in a word of
 * five letters or more cannot change both its first and its last letter, nor its length by more
 * than one, so the words one typo away all sit in six buckets of the word typed. (A deletion
 * neighbourhood index finds them in fewer steps but held 11 MB and took 80 ms to build for the
 * benchmark's 5,000 items; the buckets take a few milliseconds and no copies of the words.)
 */
import { oneTypoApart, MIN_TYPO_LENGTH } from '../fuzzy/typo.js';

interface Word {
  term: string;
  documents: number;
}

/** Words longer than this get no typo tolerance; their deletions would only fill memory. */
const MAX_TYPO_WORD = 24;
const ASCII_LETTERS = /^[a-z]+$/;

/** The two buckets a word sits in: its first letter and length, its last letter and length. */
function bucketKeys(word: string): [string, string] {
  return [`${word[0]}${word.length}`, `${word.length}${word[word.length - 1]}`];
}

function typoCandidate(word: string): boolean {
  return word.length >= MIN_TYPO_LENGTH - 1 && word.length <= MAX_TYPO_WORD && ASCII_LETTERS.test(word);
}

export class Vocabulary {
  readonly #words = new Map<string, Word>();
  #sorted: string[] = [];
  /** Words added since the last sort. */
  #pending: string[] = [];
  /** Typo candidates by first letter and length, and by length and last letter; built on the first typo lookup. */
  #buckets: Map<string, string[]> | undefined;

  /** Counts one document holding each of `surfaces` (distinct words). */
  addDocument(surfaces: ReadonlyMap<string, string>): void {
    for (const [surface, term] of surfaces) {
      const known = this.#words.get(surface);
      if (known) {
        known.documents++;
        continue;
      }
      this.#words.set(surface, { term, documents: 1 });
      this.#pending.push(surface);
      if (this.#buckets && typoCandidate(surface)) this.#addToBuckets(surface);
    }
  }

  /** Uncounts one document holding each of `surfaces`; a word no document holds is forgotten. */
  removeDocument(surfaces: Iterable<string>): void {
    for (const surface of surfaces) {
      const known = this.#words.get(surface);
      if (!known || --known.documents > 0) continue;
      this.#words.delete(surface);
      if (this.#buckets && typoCandidate(surface)) this.#dropFromBuckets(surface);
    }
  }

  #addToBuckets(word: string): void {
    for (const key of bucketKeys(word)) {
      const bucket = this.#buckets!.get(key);
      if (bucket) bucket.push(word);
      else this.#buckets!.set(key, [word]);
    }
  }

  #dropFromBuckets(word: string): void {
    for (const key of bucketKeys(word)) {
      const bucket = this.#buckets!.get(key);
      const at = bucket ? bucket.indexOf(word) : -1;
      if (at >= 0) bucket!.splice(at, 1);
    }
  }

  #sortedWords(): string[] {
    if (this.#pending.length > 0 || this.#sorted.length > 2 * this.#words.size + 64) {
      this.#sorted = [...this.#words.keys()].sort();
      this.#pending = [];
    }
    return this.#sorted;
  }

  /**
   * The terms of the words that start with `prefix` and are longer than it, each once, with the
   * most documents of any of its words; at most `scanLimit` words are read.
   */
  completions(prefix: string, scanLimit: number): Map<string, number> {
    const sorted = this.#sortedWords();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const terms = new Map<string, number>();
    for (let i = low, read = 0; i < sorted.length && read < scanLimit && sorted[i]!.startsWith(prefix); i++, read++) {
      const word = this.#words.get(sorted[i]!);
      if (!word || sorted[i] === prefix) continue;
      terms.set(word.term, Math.max(terms.get(word.term) ?? 0, word.documents));
    }
    return terms;
  }

  /** The terms of the words exactly one typo from `word`: a letter wrong, missing, extra, or two swapped. */
  typoNeighbours(word: string): Set<string> {
    if (!this.#buckets) {
      this.#buckets = new Map();
      for (const surface of this.#words.keys()) if (typoCandidate(surface)) this.#addToBuckets(surface);
    }
    const terms = new Set<string>();
    const first = word[0];
    const last = word[word.length - 1];
    for (let length = word.length - 1; length <= word.length + 1; length++) {
      for (const key of [`${first}${length}`, `${length}${last}`]) {
        for (const candidate of this.#buckets.get(key) ?? []) {
          if (oneTypoApart(word, candidate)) terms.add(this.#words.get(candidate)!.term);
        }
      }
    }
    return terms;
  }
}
