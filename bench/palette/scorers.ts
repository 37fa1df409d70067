// The three palette filters compared, each built once over the same items and asked for the same
// top results per keystroke. Ours is the palette model itself: setQuery() runs its whole filter and
// rank path (prefix check, fuzzy match with frecency, rows with highlight ranges, the ask row), the
// work a keystroke in <dddk-palette> costs before rendering.
import Fuse from 'fuse.js';
import commandScore from 'command-score';
import { loadPaletteMatcher } from '../../core/palette/palette-matcher.js';
import { createPaletteModel } from '../../core/palette/palette-model.js';
import type { PaletteItem as ModelItem } from '../../core/palette/palette-item.types.js';
import type { PaletteItem } from './palette-items.js';

// The model loads its matcher on its own; having it in place first keeps the timing to filtering alone.
await loadPaletteMatcher();

/** A palette shows this many rows; every side returns at most this many, best first. */
export const RESULT_LIMIT = 50;

export type ScorerName = 'ours' | 'fuse' | 'command-score';
/** Ids of the best matches for a query, best first. */
export type Filter = (query: string) => string[];

const WEIGHTS = { name: 1, keywords: 0.8, section: 0.5, description: 0.4 };

export function buildFilters(items: readonly PaletteItem[]): Record<ScorerName, Filter> {
  const modelItems: ModelItem[] = items.map((item) => ({ ...item, actions: [{ kind: 'navigate', path: `/${item.id}` }] }));
  const palette = createPaletteModel({ items: modelItems });
  palette.open();
  // Fuse's documented setup for weighted keys; matches are asked for because a palette highlights them.
  const fuse = new Fuse(items, {
    keys: Object.entries(WEIGHTS).map(([name, weight]) => ({ name, weight })),
    includeScore: true,
    includeMatches: true,
  });
  // cmdk's use of command-score: one string per item (its value plus keywords), every item scored, sorted.
  const texts = items.map((item) => `${item.name} ${item.keywords.join(' ')}`);
  const scores = new Float64Array(items.length);
  return {
    ours: (query) => {
      palette.setQuery(query);
      const ids: string[] = [];
      for (const row of palette.getState().rows) {
        if (row.type !== 'item') continue;
        ids.push(row.item.id);
        if (ids.length === RESULT_LIMIT) break;
      }
      return ids;
    },
    fuse: (query) => fuse.search(query, { limit: RESULT_LIMIT }).map((result) => result.item.id),
    'command-score': (query) => {
      const matched: number[] = [];
      for (let i = 0; i < texts.length; i++) {
        scores[i] = commandScore(texts[i]!, query);
        if (scores[i]! > 0) matched.push(i);
      }
      matched.sort((a, b) => scores[b]! - scores[a]! || a - b);
      return matched.slice(0, RESULT_LIMIT).map((index) => items[index]!.id);
    },
  };
}
