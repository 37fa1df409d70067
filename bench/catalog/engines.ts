// The four engines of the catalog benchmark, built over the same items, each as its documentation
// configures it: its own tokenizer, its documented field boosts (title 2, body 1, page 0.5; see
// FlexSearch below), and its documented options for partial words, typos and queries whose words
// are not all in one item. Each answers a query with the ids of its top 10.
import { performance } from 'node:perf_hooks';
import { Document } from 'flexsearch';

import lunr from 'lunr';
import MiniSearch from 'minisearch';
import { createCatalogIndex } from '../../core/search/catalog/catalog-index.js';
import { createTextIndex } from '../../core/search/text-index.js';
import type { CatalogItem } from './corpus-items.js';

export const TOP = 10;
export const FIELD_WEIGHTS = { title: 2, body: 1, page: 0.5 } as const;

export type EngineName = 'ours' | 'textIndex' | 'minisearch' | 'lunr' | 'flexsearch';
export type Engine = (query: string) => string[];

export const PEERS = { minisearch: 'minisearch 7.2.0', lunr: 'lunr 2.3.9', flexsearch: 'flexsearch 0.8.212' } as const;
export type PeerName = keyof typeof PEERS;

export function ours(items: readonly CatalogItem[]): Engine {
  const index = createCatalogIndex({
    items,
    toDoc: (item) => ({ id: item.id, fields: { title: item.title, body: item.body, page: item.page } }),
    fieldWeights: FIELD_WEIGHTS,
    topK: TOP,
  });
  return (query) => index.search(query).map((hit) => hit.id);
}

/** The kit's page-text index (MiniSearch over tokenize.ts), shown beside ours as the library-based way to the same ranking. */
export function textIndex(items: readonly CatalogItem[]): Engine {
  const index = createTextIndex<CatalogItem>({ fields: ['title', 'body', 'page'], boost: { ...FIELD_WEIGHTS } });
  index.add(items);
  return (query) => index.search(query, { limit: TOP }).map((hit) => hit.doc.id);
}

export function minisearch(items: readonly CatalogItem[]): Engine {
  const engine = new MiniSearch<CatalogItem>({ fields: ['title', 'body', 'page'] });
  engine.addAll(items);
  // The README's own example: prefix search and a 0.2 edit distance, with per-field boosts.
  const options = { boost: { ...FIELD_WEIGHTS }, prefix: true, fuzzy: 0.2 };
  return (query) => engine.search(query, options).slice(0, TOP).map((hit) => String(hit.id));
}

export function lunrEngine(items: readonly CatalogItem[]): Engine {
  const index = lunr(function () {
    this.ref('id');
    this.field('title', { boost: FIELD_WEIGHTS.title });
    this.field('body', { boost: FIELD_WEIGHTS.body });
    this.field('page', { boost: FIELD_WEIGHTS.page });
    for (const item of items) this.add(item);
  });
  return (query) => {
    try {
      return index.search(query).slice(0, TOP).map((hit) => hit.ref);
    } catch {
      // lunr reads `:`, `~`, `^`, `+`, `-` and `*` as query syntax and throws on what it cannot parse.
      return [];
    }
  };
}

export function flexsearch(items: readonly CatalogItem[]): Engine {
  // The `forward` tokenizer is its documented way to match the start of a word. Its field boosts are
  // resolver stages (doc/resolver.md: search one field with `resolve: false` and a `boost`, then
  // `.or()` the others): on this catalog they cut its recall@10 from 0.91 to 0.41 (title matches
  // flood the top), so it runs its plain merged search over all fields, its best configuration here.
  const index = new Document({ tokenize: 'forward', document: { id: 'id', index: ['title', 'body', 'page'] } });
  for (const item of items) index.add({ ...item });
  // `suggest` lets an item that lacks one of the query's words still match.
  return (query) => (index.search(query, { suggest: true, merge: true, limit: TOP }) as Array<{ id: string | number }>).map((hit) => String(hit.id));
}

const BUILDERS: Record<EngineName, (items: readonly CatalogItem[]) => Engine> = { ours, textIndex, minisearch, lunr: lunrEngine, flexsearch };

/** Every engine over `items`, and how long each took to build its index. */
export function buildEngines(items: readonly CatalogItem[]): { engines: Record<EngineName, Engine>; buildMs: Record<EngineName, number> } {
  const engines = {} as Record<EngineName, Engine>;
  const buildMs = {} as Record<EngineName, number>;
  for (const [name, build] of Object.entries(BUILDERS) as Array<[EngineName, (items: readonly CatalogItem[]) => Engine]>) {
    const started = performance.now();
    engines[name] = build(items);
    buildMs[name] = performance.now() - started;
  }
  return { engines, buildMs };
}
