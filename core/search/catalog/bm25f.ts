/**
 * BM25F: a term's occurrences are first summed over a document's fields, each weighted and
 * normalised by that field's own length against its average, and only then saturated once,
 *   score(t, d) = idf(t) · tf̃ (K1 + 1) / (K1 + tf̃),   tf̃ = Σ_f weight_f · tf_f / (1 − B + B · len_f / avg_f),
 * so a word said twice, once in the title and once in the body, counts as two occurrences and not
 * two separate saturated matches. A unit scores a document by its best alternative; the document's
 * score is the sum over units.
 */
import type { ExpandedUnit } from './expand-query.js';
import { K1, type FieldPostings, type TermIndex } from './term-index.js';

/** Per-slot work space of one search, kept between searches of the same index. */
export class ScoreBuffers {
  /** Σ over units of each slot's best alternative. */
  total = new Float64Array(0);
  /** Bit u set when unit u matched the slot. */
  masks = new Uint32Array(0);
  /** The slots with a score, in the order first reached. */
  touched: number[] = [];
  /** The current term's tf̃, and the current unit's best score, per slot. */
  termTf = new Float64Array(0);
  unitBest = new Float64Array(0);
  /** A search running on these buffers (a filter may search again; that search gets its own). */
  busy = false;

  fit(capacity: number): void {
    if (this.total.length >= capacity) return;
    const size = Math.max(capacity, this.total.length * 2);
    this.total = new Float64Array(size);
    this.masks = new Uint32Array(size);
    this.termTf = new Float64Array(size);
    this.unitBest = new Float64Array(size);
  }

  /** Zeroes what the last search wrote. */
  clear(): void {
    for (const slot of this.touched) {
      this.total[slot] = 0;
      this.masks[slot] = 0;
    }
    this.touched = [];
  }
}

/** Adds one term's tf̃ per slot into `buffers.termTf`, listing the slots reached in `reached`. */
function termFrequencies(index: TermIndex, term: string, buffers: ScoreBuffers, reached: number[]): number {
  const entry = index.entry(term);
  if (!entry) return 0;
  const factors = index.factors();
  const termTf = buffers.termTf;
  for (let field = 0; field < entry.byField.length; field++) {
    const postings: FieldPostings | undefined = entry.byField[field];
    if (!postings) continue;
    const slots: readonly number[] = postings.slots;
    const freqs: readonly number[] = postings.freqs;
    const fieldFactors: Float64Array = factors[field]!;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      if (termTf[slot] === 0) reached.push(slot);
      termTf[slot] += freqs[i]! * fieldFactors[slot]!;
    }
  }
  return index.idf(entry.df);
}

/** Scores every document holding any alternative of any unit, into `buffers`. */
export function scoreUnits(index: TermIndex, units: readonly ExpandedUnit[], buffers: ScoreBuffers): void {
  buffers.fit(index.capacity);
  const { total, masks, termTf, unitBest, touched } = buffers;
  const reached: number[] = [];
  const unitSlots: number[] = [];
  units.forEach((unit, u) => {
    const bit = 1 << u;
    for (const { term, weight } of unit.alternatives) {
      reached.length = 0;
      const idf = termFrequencies(index, term, buffers, reached) * weight;
      for (const slot of reached) {
        const tf = termTf[slot]!;
        termTf[slot] = 0;
        const score = (idf * tf * (K1 + 1)) / (K1 + tf);
        if (unitBest[slot] === 0) unitSlots.push(slot);
        if (score > unitBest[slot]!) unitBest[slot] = score;
      }
    }
    for (const slot of unitSlots) {
      if (masks[slot] === 0) touched.push(slot);
      total[slot] += unitBest[slot]!;
      masks[slot] |= bit;
      unitBest[slot] = 0;
    }
    unitSlots.length = 0;
  });
}
