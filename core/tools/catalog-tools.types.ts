/**
 * What a host passes to make an FAQ, a catalog or a recommender into agent tools
 * (`dddk.tools.registerQA`, `registerSearch`, `registerRecommend`).
 */
// Type-only: the search engines load with the tools, never with the first download.
import type { CatalogDoc } from '../search/catalog/catalog-doc.js';
import type { QAItem } from '../search/qa/qa-item.js';
import type { KeyValueStorage } from '../storage/key-value-storage.js';

/** One FAQ entry, as `createQAIndex` takes it. */
export type QAToolItem = QAItem;

export interface RegisterQAOptions {
  /** The tool's name. Default `qa_lookup`. */
  name?: string;
  items: readonly QAToolItem[];
  /** What the model reads about the tool. Default: look a question up in the site's FAQ first. */
  description?: string;
  /** Entries returned. Default 3. */
  topK?: number;
}

/** A catalog row as the index reads it: its id, its searchable fields, and what to hand back with it. */
export type CatalogToolDoc = CatalogDoc;

export interface RegisterSearchOptions<Row> {
  /** The tool's name. Default `search_catalog`. */
  name?: string;
  description?: string;
  items: readonly Row[];
  toDoc(row: Row): CatalogToolDoc;
  /** Relative weight of a match in each field, e.g. `{ title: 3, body: 1 }`. Default 1 each. */
  fieldWeights?: Readonly<Record<string, number>>;
  /** Hits returned when the model does not say. Default 5. */
  topK?: number;
}

export interface RegisterRecommendOptions<Row> {
  /** The tools' name prefix. Default `recommend`: `recommend_for_customer`, `recommend_similar`, `recommend_record_preference`. */
  name?: string;
  forCustomerDescription?: string;
  similarDescription?: string;
  items: readonly Row[];
  toDoc(row: Row): CatalogToolDoc;
  /** Whose likes are learnt. Default `anon`. */
  customerId?: string;
  /** Where the likes persist. Default: the browser's localStorage (memory when there is none). */
  storage?: KeyValueStorage;
  topK?: number;
}

/** The visitor's verdict on an item: ♥ (`like`) or ✕ (`dislike`). */
export type { PreferenceResponse } from '../search/recommend/recommender.js';
