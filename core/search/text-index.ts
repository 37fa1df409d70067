import MiniSearch from 'minisearch';
import { tokenize } from './tokenize.js';

export interface TextIndexOptions<Doc> {
  /** Fields whose text is searched. */
  fields: ReadonlyArray<keyof Doc & string>;
  /** Relative weight of a match in each field; 1 when absent. */
  boost?: Partial<Record<keyof Doc & string, number>>;
  /** The field holding each document's unique id. Default `id`. */
  idField?: keyof Doc & string;
}

export interface TextHit<Doc> {
  doc: Doc;
  score: number;
  /** The query words that matched this document. */
  matched: string[];
}

export interface SearchOptions {
  limit?: number;
  /** Also match words that start with a query word (`pric` finds `pricing`). Default true. */
  prefix?: boolean;
  /** Edit distance allowed, as a fraction of a word's length (0.2 lets `prcing` find `pricing`). Default 0.2. */
  fuzzy?: number;
  /** Every query word must match. Default false: any word may, more words rank higher. */
  matchAll?: boolean;
}

export interface TextIndex<Doc> {
  add(docs: readonly Doc[]): void;
  search(query: string, options?: SearchOptions): TextHit<Doc>[];
  readonly size: number;
}

/** BM25-style full-text ranking over small in-page collections (page elements, sitemap pages, memories). */
export function createTextIndex<Doc extends object>(options: TextIndexOptions<Doc>): TextIndex<Doc> {
  const idField = options.idField ?? ('id' as keyof Doc & string);
  const docs = new Map<unknown, Doc>();
  const engine = new MiniSearch<Doc>({
    fields: [...options.fields],
    idField,
    tokenize,
    processTerm: (term) => term,
    extractField: (doc, field) => {
      const value = (doc as Record<string, unknown>)[field];
      // The id keeps its type: hits are looked up by it.
      if (field === idField) return value as string;
      return Array.isArray(value) ? value.join(' ') : value == null ? '' : String(value);
    },
  });

  return {
    add(batch) {
      for (const doc of batch) {
        const id = (doc as Record<string, unknown>)[idField];
        if (id === undefined || id === null) throw new TypeError(`createTextIndex: a document has no \`${idField}\`; every document needs a unique id.`);
        if (docs.has(id)) throw new TypeError(`createTextIndex: the id ${JSON.stringify(id)} was added twice; ids must be unique.`);
        docs.set(id, doc);
      }
      engine.addAll(batch);
    },
    search(query, searchOptions = {}) {
      if (tokenize(query).length === 0) return [];
      const hits = engine.search(query, {
        prefix: searchOptions.prefix ?? true,
        fuzzy: (term) => (term.length > 3 ? (searchOptions.fuzzy ?? 0.2) : 0),
        combineWith: searchOptions.matchAll ? 'AND' : 'OR',
        // An explicit `boost: undefined` would replace MiniSearch's own default and break the search.
        ...(options.boost ? { boost: options.boost as Record<string, number> } : {}),
      });
      const limited = searchOptions.limit === undefined ? hits : hits.slice(0, searchOptions.limit);
      return limited.map((hit) => ({ doc: docs.get(hit.id)!, score: hit.score, matched: hit.queryTerms }));
    },
    get size() {
      return docs.size;
    },
  };
}
