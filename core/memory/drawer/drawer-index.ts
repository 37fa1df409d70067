/**
 * `createDrawerIndex`: lexical search over a drawer's verbatim entries, with no embedding model.
 * BM25F over the entry's text and fields (the catalog index: folding, stemming, stopwords, CJK
 * character pairs), then two priors: a match lends part of its score to the entries around it in its
 * room (a conversation's answer often follows the turn that names the topic), and a slight lift for
 * what was said lately.
 */
import { createCatalogIndex, type CatalogIndex } from '../../search/catalog/catalog-index.js';
import { describeValue } from '../../util/describe-value.js';
import { checkDrawerEntry, checkDrawerOptions } from './check-drawer.js';
import type { DrawerEntry, DrawerHit, DrawerIndex, DrawerIndexOptions, DrawerSearchOptions } from './drawer.types.js';
import { createRoomOrder } from './room-order.js';

const DEFAULT_NEIGHBOURS = [0.5, 0.35, 0.2];
const DEFAULT_RECENCY = { weight: 0.1, halfLifeDays: 30 };
const DAY_MS = 86_400_000;
/** How many matches, at least, the priors re-rank: enough that a neighbour of a lower match can rise. */
const MIN_POOL = 64;

export function createDrawerIndex(options: DrawerIndexOptions = {}): DrawerIndex {
  checkDrawerOptions(options);
  const neighbours = options.neighbours ?? DEFAULT_NEIGHBOURS;
  const recency = options.recency ?? DEFAULT_RECENCY;
  const now = options.now ?? Date.now;
  const entries = new Map<string, DrawerEntry>();
  const order = createRoomOrder();
  const roomKey = (entry: Pick<DrawerEntry, 'wing' | 'room'>) => `${entry.wing}\u0000${entry.room}`;
  const catalog: CatalogIndex<DrawerEntry> = createCatalogIndex<DrawerEntry>({
    items: [],
    toDoc: (entry) => ({ id: entry.id, fields: { text: entry.text, ...entry.fields }, meta: { wing: entry.wing, room: entry.room } }),
    fieldWeights: { text: 1, ...options.fieldWeights },
    otherFieldWeight: 0.5,
    // A memory is looked up by the words a person remembers, not typed as a search box's prefix.
    prefix: false,
  });

  const lift = (entry: DrawerEntry, at: number): number => {
    if (recency.weight === 0) return 1;
    const ageDays = Math.max(0, at - entry.at) / DAY_MS;
    return 1 + recency.weight * 2 ** (-ageDays / recency.halfLifeDays);
  };

  return {
    add(entry) {
      const checked = checkDrawerEntry(entry, 'drawer.add(entry)');
      if (entries.has(checked.id)) throw new TypeError(`drawer.add(entry): the id "${checked.id}" is already in the drawer; remove it first or give this entry another id`);
      entries.set(checked.id, checked);
      catalog.add(checked);
      order.add(roomKey(checked), checked.id, checked.at);
    },
    remove(id) {
      const entry = entries.get(id);
      if (!entry) return false;
      entries.delete(id);
      catalog.remove(id);
      order.remove(roomKey(entry), id);
      return true;
    },
    has: (id) => entries.has(id),
    get: (id) => entries.get(id),
    get size() {
      return entries.size;
    },
    search(query, searchOptions = {}) {
      const { topK, wing, room } = checkSearch(query, searchOptions);
      const inScope = (meta: Readonly<Record<string, unknown>> | undefined) => (wing === undefined || meta?.['wing'] === wing) && (room === undefined || meta?.['room'] === room);
      const matches = catalog.search(query, { topK: Math.max(MIN_POOL, topK * 8), filter: (doc) => inScope(doc.meta) });
      const scores = new Map<string, { score: number; via: DrawerHit['via'] }>();
      for (const match of matches) scores.set(match.id, { score: match.score, via: 'match' });
      for (const match of matches) {
        const entry = entries.get(match.id)!;
        for (const near of order.around(roomKey(entry), match.id, neighbours.length)) {
          const share = neighbours[near.distance - 1]! * match.score;
          const held = scores.get(near.id);
          if (held) held.score += share;
          else scores.set(near.id, { score: share, via: 'neighbour' });
        }
      }
      const at = now();
      const hits: DrawerHit[] = [];
      for (const [id, { score, via }] of scores) {
        const entry = entries.get(id)!;
        hits.push({ id, score: score * lift(entry, at), entry, via });
      }
      return hits.sort((a, b) => b.score - a.score || b.entry.at - a.entry.at).slice(0, topK);
    },
  };
}

function checkSearch(query: unknown, options: DrawerSearchOptions): Required<Pick<DrawerSearchOptions, 'topK'>> & DrawerSearchOptions {
  if (typeof query !== 'string') throw new TypeError(`drawer.search(query): query must be a string, got ${describeValue(query)}`);
  const topK = options.topK ?? 10;
  if (!Number.isInteger(topK) || topK < 1) throw new TypeError(`drawer.search(query, options): options.topK must be a positive whole number, got ${describeValue(topK)}`);
  for (const name of ['wing', 'room'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'string') throw new TypeError(`drawer.search(query, options): options.${name} must be a string, got ${describeValue(options[name])}`);
  }
  return { ...options, topK };
}
