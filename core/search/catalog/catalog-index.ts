/**
 * `createCatalogIndex`: full-text search over a host's catalog (products, articles, records), ranked
 * by BM25F over the fields each row maps to. Synchronous and small, so a tool can call it per turn;
 * rows can be added and removed while it is in use.
 */
import { describeValue } from '../../util/describe-value.js';
import { TopK } from '../fuzzy/top-k.js';
import { forEachTerm, queryUnits } from './analyze.js';
import { ScoreBuffers, scoreUnits } from './bm25f.js';
import {
  checkCatalogOptions,
  checkDoc,
  checkFieldWeights,
  checkTopK,
  fieldText,
  readDocs,
  type CatalogDoc,
  type CatalogFields,
  type ToDoc,
} from './catalog-doc.js';
import { expandQuery, type ExpandOptions } from './expand-query.js';
import { TermIndex, type AnalyzedFields } from './term-index.js';
import { Vocabulary } from './vocabulary.js';

/** Options of `createCatalogIndex`. */
export interface CatalogIndexOptions<Row> {
  /** The host's rows: products, articles, records. */
  items: readonly Row[];
  /** Maps a row to `{ id, fields, meta? }`; called once per row. */
  toDoc: ToDoc<Row>;
  /** Relative weight of a match in each field, e.g. `{ title: 3, body: 1 }`. Default `otherFieldWeight`. */
  fieldWeights?: Readonly<Record<string, number>>;
  /** The weight of a field `fieldWeights` does not name. Default 1. */
  otherFieldWeight?: number;
  /** Hits returned by a search that does not say. Default 5. */
  topK?: number;
  /** Let the query's last word, typed without a space after it, match the longer words it starts. Default true. */
  prefix?: boolean;
  /** Let a word of five letters or more that no item holds match the words one typo away. Default true. */
  typo?: boolean;
}

/** Options of one `CatalogIndex.search`. */
export interface CatalogSearchOptions {
  /** Hits to return. Default: the index's `topK`. */
  topK?: number;
  /** Keep only the documents this returns true for (called on the candidates that could still make the top K). */
  filter?: (doc: CatalogDoc) => boolean;
}

/** One document found, with what it matched. */
export interface CatalogHit {
  /** The document's id. */
  id: string;
  /** BM25F score: comparable within one search, not across searches. */
  score: number;
  /** The document's fields, as `toDoc` returned them. */
  fields: CatalogFields;
  /** The document's `meta`, as `toDoc` returned it. */
  meta: Readonly<Record<string, unknown>> | undefined;
  /** The query's words (folded, as typed; CJK as character pairs) that this document matched. */
  matched: string[];
}

/** A catalog's search index; see `createCatalogIndex`. */
export interface CatalogIndex<Row> {
  /** The best hits for `query`, best first; [] for a query with no searchable word. */
  search(query: string, options?: CatalogSearchOptions): CatalogHit[];
  /** Indexes one more row; its id must not be in the index. */
  add(row: Row): void;
  /** Takes the document with this id out; false when there was none. */
  remove(id: string): boolean;
  /** Whether a document with this id is in the index. */
  has(id: string): boolean;
  /** Documents in the index. */
  readonly size: number;
}

interface Stored {
  doc: CatalogDoc;
  surfaces: string[];
}

const WHO = 'createCatalogIndex';

/** A document's terms per field, and its distinct words as written with the term of each. */
function analyzeDoc(doc: CatalogDoc): { fields: AnalyzedFields; surfaces: Map<string, string> } {
  const fields: Array<[string, string[]]> = [];
  const surfaces = new Map<string, string>();
  for (const [name, value] of Object.entries(doc.fields)) {
    const terms: string[] = [];
    fields.push([name, terms]);
    forEachTerm(fieldText(value), (term, surface) => {
      terms.push(term);
      surfaces.set(surface, term);
    });
  }
  return { fields, surfaces };
}

function checkSearch(query: unknown, options: CatalogSearchOptions | undefined, fallbackTopK: number): { topK: number; filter: ((doc: CatalogDoc) => boolean) | undefined } {
  if (typeof query !== 'string') throw new TypeError(`CatalogIndex.search: query must be a string, got ${describeValue(query)}.`);
  const topK = options?.topK === undefined ? fallbackTopK : checkTopK('CatalogIndex.search: options.topK', options.topK);
  const filter = options?.filter;
  if (filter !== undefined && typeof filter !== 'function') throw new TypeError(`CatalogIndex.search: options.filter must be a function from a document to a boolean, got ${describeValue(filter)}.`);
  return { topK, filter };
}

/** How the documents present spread over one term, as the index's own analysis found them. */
export interface CatalogTermStats {
  /** Whether any document holds `term`. */
  holds(term: string): boolean;
  /** The term's inverse document frequency over the documents present, BM25's form. */
  idf(term: string): number;
}

/** Indexes `items` for BM25F search over the fields `toDoc` gives each (see the file's comment). */
export function createCatalogIndex<Row>(options: CatalogIndexOptions<Row>): CatalogIndex<Row> {
  return createCatalogEngine(options).index;
}

/**
 * The index and the term statistics it ranks by, for a caller that weighs a query by the same
 * rarities (the FAQ lookup) without analysing every document a second time.
 */
export function createCatalogEngine<Row>(options: CatalogIndexOptions<Row>): { index: CatalogIndex<Row>; terms: CatalogTermStats } {
  checkCatalogOptions(WHO, options);
  const other = options.otherFieldWeight ?? 1;
  if (typeof other !== 'number' || !Number.isFinite(other) || other <= 0) throw new TypeError(`${WHO}: options.otherFieldWeight must be a positive finite number, got ${describeValue(other)}.`);
  const weightOf = checkFieldWeights(WHO, options.fieldWeights, other);
  const defaultTopK = options.topK ?? 5;
  const expand: ExpandOptions = { prefix: options.prefix ?? true, typo: options.typo ?? true };
  const index = new TermIndex(weightOf);
  const vocabulary = new Vocabulary();
  const slots: Array<Stored | undefined> = [];
  const slotOf = new Map<string, number>();
  const buffers = new ScoreBuffers();

  const insert = (doc: CatalogDoc) => {
    const { fields, surfaces } = analyzeDoc(doc);
    const slot = index.add(fields);
    vocabulary.addDocument(surfaces);
    slots[slot] = { doc, surfaces: [...surfaces.keys()] };
    slotOf.set(doc.id, slot);
  };

  for (const doc of readDocs(WHO, options.items, options.toDoc)) insert(doc);

  const rank = (query: string, topK: number, filter: ((doc: CatalogDoc) => boolean) | undefined, work: ScoreBuffers): CatalogHit[] => {
    const units = expandQuery(queryUnits(query), index, vocabulary, expand);
    if (units.length === 0) return [];
    scoreUnits(index, units, work);
    const best = new TopK(topK);
    // Documents as they were when offered: a filter may add or remove documents while it runs.
    const offered = new Map<number, CatalogDoc>();
    for (const slot of work.touched) {
      const score = work.total[slot]!;
      const stored = slots[slot];
      if (score < best.threshold || !stored) continue;
      if (filter && !filter(stored.doc)) continue;
      offered.set(slot, stored.doc);
      best.offer(slot, score);
    }
    return best.sorted().map(({ index: slot, score }) => {
      const doc = offered.get(slot)!;
      const mask = work.masks[slot]!;
      const matched = units.filter((_, u) => (mask & (1 << u)) !== 0).map((unit) => unit.text);
      return { id: doc.id, score, fields: doc.fields, meta: doc.meta, matched };
    });
  };

  const terms: CatalogTermStats = {
    holds: (term) => index.entry(term) !== undefined,
    idf: (term) => index.idf(index.entry(term)?.df ?? 0),
  };

  const catalog: CatalogIndex<Row> = {
    search(query, searchOptions) {
      const { topK, filter } = checkSearch(query, searchOptions, defaultTopK);
      // A filter that searches this index again gets buffers of its own.
      const work = buffers.busy ? new ScoreBuffers() : buffers;
      work.busy = true;
      try {
        return rank(query, topK, filter, work);
      } finally {
        work.clear();
        work.busy = false;
      }
    },
    add(row) {
      const doc = checkDoc(options.toDoc(row), 'CatalogIndex.add: toDoc(row)');
      if (slotOf.has(doc.id)) throw new TypeError(`CatalogIndex.add: toDoc(row).id ${JSON.stringify(doc.id)} is already in the index; remove it first to replace it.`);
      insert(doc);
    },
    remove(id) {
      const slot = slotOf.get(id);
      if (slot === undefined) return false;
      index.remove(slot);
      vocabulary.removeDocument(slots[slot]!.surfaces);
      slots[slot] = undefined;
      slotOf.delete(id);
      return true;
    },
    has: (id) => slotOf.has(id),
    get size() {
      return slotOf.size;
    },
  };
  return { index: catalog, terms };
}
