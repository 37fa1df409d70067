/**
 * The inverted index under BM25F: for every term, per field, the documents holding it and how often;
 * per field, every document's length. Documents live in numbered slots; a removed document's slot is
 * reused, and its postings are taken out at once, so document frequencies and average lengths are
 * always those of the documents present.
 */

/** One field's postings of one term: parallel arrays of slots and term frequencies. */
export interface FieldPostings {
  slots: number[];
  freqs: number[];
}

export interface TermEntry {
  /** Documents holding the term in any field. */
  df: number;
  /** Postings by field number; a field the term never occurs in has none. */
  byField: Array<FieldPostings | undefined>;
}

/** A document as the index takes it: each field's name and terms. */
export type AnalyzedFields = ReadonlyArray<readonly [field: string, terms: readonly string[]]>;

/** BM25's saturation: how fast repeated occurrences stop adding. */
export const K1 = 1.2;
/** BM25's length normalisation, per field: 0 ignores length, 1 divides by it fully. */
export const B = 0.75;

export class TermIndex {
  readonly #fieldNumbers = new Map<string, number>();
  readonly #fieldWeights: Array<number> = [];
  readonly #weightOf: (field: string) => number;
  readonly #terms = new Map<string, TermEntry>();
  /** Each slot's distinct terms (to take its postings out) or undefined when free. */
  readonly #slotTerms: Array<string[] | undefined> = [];
  readonly #free: number[] = [];
  /** lengths[field][slot]: the number of terms of that field in that document. */
  readonly #lengths: number[][] = [];
  readonly #totalLengths: number[] = [];
  #count = 0;
  /** factors[field][slot] = weight / (1 - B + B · length / average length), refreshed after a change. */
  #factors: Float64Array[] = [];
  #stale = true;

  constructor(weightOf: (field: string) => number) {
    this.#weightOf = weightOf;
  }

  /** Slots in use run below this. */
  get capacity(): number {
    return this.#slotTerms.length;
  }

  entry(term: string): TermEntry | undefined {
    return this.#terms.get(term);
  }

  /** Inverse document frequency, BM25's form (never negative). */
  idf(df: number): number {
    return Math.log(1 + (this.#count - df + 0.5) / (df + 0.5));
  }

  #fieldNumber(name: string): number {
    let number = this.#fieldNumbers.get(name);
    if (number === undefined) {
      number = this.#fieldWeights.length;
      this.#fieldNumbers.set(name, number);
      this.#fieldWeights.push(this.#weightOf(name));
      this.#lengths.push([]);
      this.#totalLengths.push(0);
    }
    return number;
  }

  /** Indexes one document and returns its slot. */
  add(fields: AnalyzedFields): number {
    const slot = this.#free.pop() ?? this.#slotTerms.length;
    const distinct = new Set<string>();
    for (const [name, terms] of fields) {
      const field = this.#fieldNumber(name);
      this.#lengths[field]![slot] = terms.length;
      this.#totalLengths[field]! += terms.length;
      const counts = new Map<string, number>();
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, freq] of counts) {
        let entry = this.#terms.get(term);
        if (!entry) this.#terms.set(term, (entry = { df: 0, byField: [] }));
        if (!distinct.has(term)) {
          distinct.add(term);
          entry.df++;
        }
        const postings = (entry.byField[field] ??= { slots: [], freqs: [] });
        postings.slots.push(slot);
        postings.freqs.push(freq);
      }
    }
    this.#slotTerms[slot] = [...distinct];
    this.#count++;
    this.#stale = true;
    return slot;
  }

  /** Takes a document's postings and lengths out and frees its slot. */
  remove(slot: number): void {
    const terms = this.#slotTerms[slot];
    if (!terms) return;
    for (const term of terms) {
      const entry = this.#terms.get(term)!;
      for (const postings of entry.byField) {
        const at = postings ? postings.slots.indexOf(slot) : -1;
        if (at < 0) continue;
        postings!.slots.splice(at, 1);
        postings!.freqs.splice(at, 1);
      }
      if (--entry.df === 0) this.#terms.delete(term);
    }
    for (let field = 0; field < this.#lengths.length; field++) {
      this.#totalLengths[field]! -= this.#lengths[field]![slot] ?? 0;
      this.#lengths[field]![slot] = 0;
    }
    this.#slotTerms[slot] = undefined;
    this.#free.push(slot);
    this.#count--;
    this.#stale = true;
  }

  /** Per field, each slot's weight over its length normalisation (see `#factors`). */
  factors(): readonly Float64Array[] {
    if (!this.#stale) return this.#factors;
    const capacity = this.#slotTerms.length;
    this.#factors = this.#lengths.map((lengths, field) => {
      const factors = new Float64Array(capacity);
      const average = this.#count > 0 ? this.#totalLengths[field]! / this.#count : 0;
      const weight = this.#fieldWeights[field]!;
      for (let slot = 0; slot < capacity; slot++) {
        const length = lengths[slot] ?? 0;
        factors[slot] = average > 0 ? weight / (1 - B + (B * length) / average) : weight;
      }
      return factors;
    });
    this.#stale = false;
    return this.#factors;
  }
}
