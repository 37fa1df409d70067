/**
 * The palette's filter and rank: given the list on screen, the query and the chip, the rows to show.
 * Fuzzy matching decides what is listed and in which order; frecency only reorders near-ties.
 * With nothing typed the host's order stands, grouped by section, with recently used items first.
 */
import type { FuzzyKey, FuzzyMatcher, FuzzyResult, FrecencySource } from '../search/fuzzy/matcher.js';
import type { MatchRange } from '../search/fuzzy/ranges.js';
import { loadedPaletteMatcher } from './palette-matcher.js';
import type { PaletteItem } from './palette-item.types.js';
import { matchPrefix, substituteQuery, type PrefixMatch } from './palette-prefix.js';
import type { PaletteItemRow } from './palette.types.js';

const NO_RANGES: readonly MatchRange[] = Object.freeze([]);

const KEYS: ReadonlyArray<FuzzyKey<PaletteItem>> = [
  { name: 'name', weight: 1 },
  { name: 'keywords', weight: 0.8 },
  { name: 'section', weight: 0.5 },
  { name: 'description', weight: 0.4 },
];

export interface RecentSource extends FrecencySource {
  /** Ids, hottest first. */
  ranked(): string[];
}

export interface PaletteSearchOptions {
  frecency?: RecentSource;
  /** Most rows listed for a typed query. Default 200. */
  maxResults?: number;
  /** Most recently used items listed first while nothing is typed. Default 5. */
  maxRecent?: number;
}

export interface BrowsedItems {
  owner: PaletteItem;
  arg: string;
  items: readonly PaletteItem[];
}

export interface PaletteSearchInput {
  items: readonly PaletteItem[];
  /** What is typed: the argument of `prefix` when one is given. */
  query: string;
  /**
   * The prefix in force (the palette's chip), whose argument is the query; `null` for none.
   * Left out, a prefix the query starts with is found in it (see `matchPrefix`).
   */
  prefix?: PrefixMatch | null | undefined;
  category?: string | undefined;
  /** What the prefix's browse source returned for this argument, once it has. */
  browsed?: BrowsedItems | undefined;
}

export interface PaletteSearchOutput {
  rows: PaletteItemRow[];
  grouped: boolean;
  prefix: PrefixMatch | undefined;
  /** The query needed the fuzzy matcher, which has not loaded yet (see loadPaletteMatcher()). */
  waiting: boolean;
}

function row(item: PaletteItem, key: string, fields: Partial<PaletteItemRow> = {}): PaletteItemRow {
  return {
    type: 'item',
    key,
    item,
    name: item.name,
    description: item.description,
    section: item.section,
    recent: false,
    arg: '',
    nameRanges: NO_RANGES,
    descriptionRanges: NO_RANGES,
    ...fields,
  };
}

export class PaletteSearch {
  readonly #options: PaletteSearchOptions;
  readonly #matchers = new WeakMap<readonly PaletteItem[], FuzzyMatcher<PaletteItem>>();
  readonly #narrowed = new WeakMap<readonly PaletteItem[], Map<string, readonly PaletteItem[]>>();
  // Prefixed and search-row items are few; finding them once per list keeps a keystroke from walking every item.
  readonly #special = new WeakMap<readonly PaletteItem[], { prefixed: readonly PaletteItem[]; searchRows: readonly PaletteItem[] }>();

  constructor(options: PaletteSearchOptions = {}) {
    this.#options = options;
  }

  search(input: PaletteSearchInput): PaletteSearchOutput {
    const items = this.#narrow(input.items, input.category);
    const text = input.query.trim();
    if (text === '' && !input.prefix) return { rows: this.#emptyQuery(items), grouped: true, prefix: undefined, waiting: false };
    const special = this.#specialOf(items);
    const prefix = input.prefix ? { ...input.prefix, arg: text } : input.prefix === null ? undefined : matchPrefix(special.prefixed, input.query.trimStart());
    this.#waiting = false;
    const rows = prefix ? this.#underPrefix(prefix, input.browsed) : this.#matching(items, special.searchRows, text);
    return { rows, grouped: prefix !== undefined, prefix, waiting: this.#waiting };
  }

  #waiting = false;

  #specialOf(items: readonly PaletteItem[]): { prefixed: readonly PaletteItem[]; searchRows: readonly PaletteItem[] } {
    let special = this.#special.get(items);
    if (!special) {
      special = { prefixed: items.filter((item) => item.prefix !== undefined), searchRows: items.filter((item) => item.searchAction) };
      this.#special.set(items, special);
    }
    return special;
  }

  /** The same array for the same list and chip, so the matcher built for it is reused. */
  #narrow(items: readonly PaletteItem[], category: string | undefined): readonly PaletteItem[] {
    if (category === undefined) return items;
    let byCategory = this.#narrowed.get(items);
    if (!byCategory) this.#narrowed.set(items, (byCategory = new Map()));
    let narrowed = byCategory.get(category);
    if (!narrowed) {
      narrowed = items.filter((item) => (item.category ?? item.section) === category);
      byCategory.set(category, narrowed);
    }
    return narrowed;
  }

  /** The matcher for this list, or undefined (and `#waiting` set) while the matcher's code loads. */
  #matcher(items: readonly PaletteItem[]): FuzzyMatcher<PaletteItem> | undefined {
    let matcher = this.#matchers.get(items);
    if (!matcher) {
      const createFuzzyMatcher = loadedPaletteMatcher();
      if (!createFuzzyMatcher) {
        this.#waiting = true;
        return undefined;
      }
      matcher = createFuzzyMatcher(items, {
        keys: KEYS,
        idOf: (item) => item.id,
        ...(this.#options.frecency ? { frecency: this.#options.frecency } : {}),
      });
      this.#matchers.set(items, matcher);
    }
    return matcher;
  }

  #emptyQuery(items: readonly PaletteItem[]): PaletteItemRow[] {
    const listed = (item: PaletteItem) => !item.searchOnly && !item.searchAction;
    const rows: PaletteItemRow[] = [];
    const recentIds = new Set<string>();
    const maxRecent = this.#options.maxRecent ?? 5;
    if (this.#options.frecency && maxRecent > 0) {
      const byId = new Map<string, PaletteItem>();
      for (const item of items) if (listed(item)) byId.set(item.id, item);
      for (const id of this.#options.frecency.ranked()) {
        const item = byId.get(id);
        if (!item || item.disabled) continue;
        recentIds.add(id);
        rows.push(row(item, `r:${id}`, { recent: true, section: undefined }));
        if (rows.length >= maxRecent) break;
      }
    }
    // Sections in the order they first appear; items in the host's order inside each.
    const sections = new Map<string | undefined, PaletteItem[]>();
    for (const item of items) {
      if (!listed(item) || recentIds.has(item.id)) continue;
      const list = sections.get(item.section);
      if (list) list.push(item);
      else sections.set(item.section, [item]);
    }
    for (const list of sections.values()) for (const item of list) rows.push(row(item, `i:${item.id}`));
    return rows;
  }

  #underPrefix(prefix: PrefixMatch, browsed: BrowsedItems | undefined): PaletteItemRow[] {
    const rows: PaletteItemRow[] = [];
    const arg = prefix.arg;
    for (const owner of prefix.items) {
      const fill = (template: string | undefined) => (template === undefined ? undefined : substituteQuery(template, arg));
      if (owner.prefixAcceptsAnyArg || !owner.browse) {
        rows.push(row(owner, `p:${owner.id}`, { arg, name: fill(owner.name)!, description: fill(owner.description) }));
      }
      if (!owner.browse || !browsed || browsed.owner !== owner || browsed.arg !== arg) continue;
      const section = owner.browseSection ?? owner.name;
      const matcher = arg === '' || owner.browseFilter === false ? undefined : this.#matcher(browsed.items);
      const listed = matcher
        ? this.#browseMatches(matcher, arg).map((result) => ({ item: result.item, ...rangesOf(result.matches) }))
        : this.#waiting
          ? []
          : browsed.items.map((item) => ({ item, nameRanges: NO_RANGES, descriptionRanges: NO_RANGES }));
      for (const { item, nameRanges, descriptionRanges } of listed) {
        rows.push(row(item, `b:${owner.id}:${item.id}`, { arg, section, nameRanges, descriptionRanges }));
      }
    }
    return rows;
  }

  /**
   * The browsed items matching the argument; when nothing matches it whole, its last words
   * ("go to the docs" → "the docs" → "docs"), since a sentence names what it wants at the end.
   */
  #browseMatches(matcher: FuzzyMatcher<PaletteItem>, arg: string): Array<FuzzyResult<PaletteItem>> {
    const limit = this.#options.maxResults ?? 200;
    const words = arg.split(/\s+/u).filter((word) => word !== '');
    for (let first = 0; first < words.length; first++) {
      const found = matcher.search(words.slice(first).join(' '), { limit });
      if (found.length > 0 || first === words.length - 1) return found;
    }
    return [];
  }

  #matching(items: readonly PaletteItem[], searchRows: readonly PaletteItem[], text: string): PaletteItemRow[] {
    const rows: PaletteItemRow[] = [];
    // Search rows lead whatever is typed; the rest must match.
    for (const item of searchRows) {
      rows.push(
        row(item, `s:${item.id}`, {
          arg: text,
          name: substituteQuery(item.name, text),
          description: item.description === undefined ? undefined : substituteQuery(item.description, text),
        }),
      );
    }
    const results = this.#matcher(items)?.search(text, { limit: this.#options.maxResults ?? 200 }) ?? [];
    for (const result of results) {
      if (searchRows.length > 0 && result.item.searchAction) continue;
      rows.push(row(result.item, `i:${result.item.id}`, { ...rangesOf(result.matches) }));
    }
    return rows;
  }
}

function rangesOf(matches: ReadonlyArray<{ key: string; ranges: MatchRange[] }>): {
  nameRanges: readonly MatchRange[];
  descriptionRanges: readonly MatchRange[];
} {
  let nameRanges = NO_RANGES;
  let descriptionRanges = NO_RANGES;
  for (const match of matches) {
    if (match.key === 'name') nameRanges = match.ranges;
    else if (match.key === 'description') descriptionRanges = match.ranges;
  }
  return { nameRanges, descriptionRanges };
}
