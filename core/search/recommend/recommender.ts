/**
 * `createRecommender`: in-browser recommendations over a host's catalog, from the items' own text.
 * `similar(id)` is the TF-IDF cosine between items. `forCustomer()` learns from the visitor's ♥ and
 * ✕: their taste is the sum of the liked items' vectors less half the disliked ones', and the items
 * nearest to it come first, items already rated left out. With nothing recorded (a cold start) the
 * list is the catalog in the order the host gave it — hosts list best sellers or featured items
 * first — and in every list an item too like one already in it moves down (diversify.ts).
 * Preferences persist per customer id through the kit's key-value storage.
 */
import { TopK } from '../fuzzy/top-k.js';
import type { KeyValueStorage } from '../../storage/key-value-storage.js';
import { memoryStorage } from '../../storage/memory-storage.js';
import type { StorageFailure } from '../../storage/storage-failure.js';
import { describeValue } from '../../util/describe-value.js';
import { checkCatalogOptions, checkFieldWeights, checkTopK, readDocs, type CatalogDoc, type CatalogFields, type ToDoc } from '../catalog/catalog-doc.js';
import { ContentVectors, normalise, type TermVector } from './content-vectors.js';
import { diversify, type Candidate } from './diversify.js';
import { PreferenceStore, type PreferenceResponse } from './preference-store.js';

export type { PreferenceResponse } from './preference-store.js';

/** Options of `createRecommender`. */
export interface RecommenderOptions<Row> {
  /** The catalog, in the order the host would list it without knowing the visitor (best sellers first, say). */
  items: readonly Row[];
  /** Maps a row to `{ id, fields, meta? }`, as for search. */
  toDoc: ToDoc<Row>;
  /** Whose preferences these are; each customer's are stored under their own key. Default `anon`. */
  customerId?: string;
  /** Where preferences persist. Default: memory only. */
  storage?: KeyValueStorage;
  /** Told once when the storage fails and preferences live in memory from then on. Default: a console warning. */
  onStorageFallback?: (failure: StorageFailure) => void;
  /** Items a list holds when the call does not say. Default 5. */
  topK?: number;
  /** Relative weight of each field in an item's vector, e.g. `{ title: 2 }`. Default 1. */
  fieldWeights?: Readonly<Record<string, number>>;
}

/** One item recommended. */
export interface Recommendation {
  /** The item's id. */
  id: string;
  /** How near the item is: a cosine (plus a small share for its place in the catalog, in forCustomer). */
  score: number;
  /** The item's fields, as `toDoc` returned them. */
  fields: CatalogFields;
  /** The item's `meta`, as `toDoc` returned it. */
  meta: Readonly<Record<string, unknown>> | undefined;
}

/** Recommendations for one customer over one catalog; see `createRecommender`. */
export interface Recommender {
  /** The items this customer is likeliest to want next, best first. */
  forCustomer(options?: { topK?: number }): Recommendation[];
  /** The items most like `id`'s (sharing words with it), nearest first. */
  similar(id: string, options?: { topK?: number }): Recommendation[];
  /** Records the customer's ♥ (`like`) or ✕ (`dislike`) on an item; the latest response per item counts. */
  recordPreference(id: string, response: PreferenceResponse): void;
  /** What this customer has liked and disliked, oldest first (ids no longer in the catalog included). */
  preferences(): { liked: string[]; disliked: string[] };
  /** Forgets every preference of this customer. */
  clearPreferences(): void;
  /** Whose preferences these are. */
  readonly customerId: string;
}

const WHO = 'createRecommender';
/** A dislike pulls the taste away from an item half as hard as a like pulls towards one. */
const DISLIKE_WEIGHT = 0.5;
/** The catalog's own order as a share of the score: a tie-break, and the whole order at a cold start. */
const ORDER_WEIGHT = 0.05;
/** Candidates diversified per item asked for. */
const CANDIDATES_PER_ITEM = 4;

function checkCustomerId(value: unknown): string {
  if (value === undefined) return 'anon';
  if (typeof value !== 'string' || value.length === 0) throw new TypeError(`${WHO}: options.customerId must be a non-empty string, got ${describeValue(value)}.`);
  return value;
}

/** The `count` best of `scores`, best first, skipping `skip` (ties keep the catalog's order); only those are sorted. */
function best(scores: Float64Array, count: number, skip: (item: number) => boolean): Candidate[] {
  const top = new TopK(count);
  scores.forEach((score, item) => {
    if (score >= top.threshold && !skip(item)) top.offer(item, score);
  });
  return top.sorted().map(({ index, score }) => ({ item: index, score }));
}

/** Recommendations over `items` for one customer, learning from their likes and dislikes (see the file's comment). */
export function createRecommender<Row>(options: RecommenderOptions<Row>): Recommender {
  checkCatalogOptions(WHO, options);
  const weightOf = checkFieldWeights(WHO, options.fieldWeights);
  const defaultTopK = options.topK ?? 5;
  const customerId = checkCustomerId(options.customerId);
  const docs: CatalogDoc[] = readDocs(WHO, options.items, options.toDoc);
  const positionOf = new Map(docs.map((doc, i) => [doc.id, i]));
  const content = new ContentVectors(docs, weightOf);
  const onFallback = options.onStorageFallback ?? ((failure: StorageFailure) => console.warn(`dddk: ${failure.message}`));
  const store = new PreferenceStore(options.storage ?? memoryStorage(), `dddk.recommend.${customerId}`, onFallback);

  const position = (where: string, id: unknown): number => {
    if (typeof id !== 'string') throw new TypeError(`${where}: id must be a string, got ${describeValue(id)}.`);
    const at = positionOf.get(id);
    if (at === undefined) throw new TypeError(`${where}: no item has the id ${JSON.stringify(id)}; use the id of an item of the catalog.`);
    return at;
  };
  const topKOf = (where: string, value: { topK?: number } | undefined) => (value?.topK === undefined ? defaultTopK : checkTopK(`${where}: options.topK`, value.topK));
  const present = ({ item, score }: Candidate): Recommendation => {
    const doc = docs[item]!;
    return { id: doc.id, score, fields: doc.fields, meta: doc.meta };
  };

  /** The customer's taste: liked vectors added, disliked ones taken away, to unit length. */
  const taste = (): TermVector => {
    const vector: TermVector = new Map();
    for (const [id, response] of store.entries()) {
      const at = positionOf.get(id);
      if (at === undefined) continue;
      const sign = response === 'like' ? 1 : -DISLIKE_WEIGHT;
      for (const [term, weight] of content.vectors[at]!) vector.set(term, (vector.get(term) ?? 0) + sign * weight);
    }
    return normalise(vector);
  };

  return {
    customerId,
    forCustomer(callOptions) {
      const topK = topKOf('Recommender.forCustomer', callOptions);
      const scores = content.dots(taste());
      for (let item = 0; item < scores.length; item++) scores[item] += ORDER_WEIGHT * (1 - item / scores.length);
      const rated = store.entries();
      const candidates = best(scores, topK * CANDIDATES_PER_ITEM, (item) => rated.has(docs[item]!.id));
      return diversify(candidates, content.vectors, topK).map(present);
    },
    similar(id, callOptions) {
      const at = position('Recommender.similar', id);
      const topK = topKOf('Recommender.similar', callOptions);
      const scores = content.dots(content.vectors[at]!);
      return best(scores, topK, (item) => item === at || scores[item]! <= 0).map(present);
    },
    recordPreference(id, response) {
      position('Recommender.recordPreference', id);
      if (response !== 'like' && response !== 'dislike') {
        throw new TypeError(`Recommender.recordPreference: response must be 'like' or 'dislike', got ${describeValue(response)}.`);
      }
      store.record(id, response);
    },
    preferences() {
      const liked: string[] = [];
      const disliked: string[] = [];
      for (const [id, response] of store.entries()) (response === 'like' ? liked : disliked).push(id);
      return { liked, disliked };
    },
    clearPreferences: () => store.clear(),
  };
}
