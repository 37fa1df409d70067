/**
 * Every item as a unit-length TF-IDF vector over the catalog's index terms (the same stems, stopwords
 * and CJK pairs as search), with field weights, and an inverted list per term so that the cosine of
 * one vector against every item costs only the items sharing a term with it.
 *   weight(t, d) = Σ_f fieldWeight_f · (1 + ln tf_f) · (ln((1 + N) / (1 + df)) + 1), then divided by the vector's length
 */
import { termsOf } from '../catalog/analyze.js';
import { fieldText, type CatalogDoc } from '../catalog/catalog-doc.js';

/** A sparse vector: term → weight. */
export type TermVector = Map<string, number>;

export class ContentVectors {
  /** By item position. */
  readonly vectors: TermVector[];
  readonly #postings = new Map<string, { items: number[]; weights: number[] }>();

  constructor(docs: readonly CatalogDoc[], weightOf: (field: string) => number) {
    const raw = docs.map((doc) => {
      const tf = new Map<string, number>();
      for (const [field, value] of Object.entries(doc.fields)) {
        const counts = new Map<string, number>();
        for (const term of termsOf(fieldText(value))) counts.set(term, (counts.get(term) ?? 0) + 1);
        for (const [term, count] of counts) tf.set(term, (tf.get(term) ?? 0) + weightOf(field) * (1 + Math.log(count)));
      }
      return tf;
    });
    const df = new Map<string, number>();
    for (const tf of raw) for (const term of tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
    this.vectors = raw.map((tf) => {
      const vector: TermVector = new Map();
      for (const [term, weight] of tf) vector.set(term, weight * (Math.log((1 + docs.length) / (1 + df.get(term)!)) + 1));
      return normalise(vector);
    });
    this.vectors.forEach((vector, item) => {
      for (const [term, weight] of vector) {
        let list = this.#postings.get(term);
        if (!list) this.#postings.set(term, (list = { items: [], weights: [] }));
        list.items.push(item);
        list.weights.push(weight);
      }
    });
  }

  /** The dot product of `vector` with every item's (their cosine, when `vector` has unit length). */
  dots(vector: TermVector): Float64Array {
    const scores = new Float64Array(this.vectors.length);
    for (const [term, weight] of vector) {
      const list = this.#postings.get(term);
      if (!list) continue;
      for (let i = 0; i < list.items.length; i++) scores[list.items[i]!] += weight * list.weights[i]!;
    }
    return scores;
  }
}

export function dot(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [term, weight] of small) sum += weight * (large.get(term) ?? 0);
  return sum;
}

/** `vector` scaled to unit length (unchanged when it is all zeros). */
export function normalise(vector: TermVector): TermVector {
  let length = 0;
  for (const weight of vector.values()) length += weight * weight;
  length = Math.sqrt(length);
  if (length === 0) return vector;
  for (const [term, weight] of vector) vector.set(term, weight / length);
  return vector;
}
