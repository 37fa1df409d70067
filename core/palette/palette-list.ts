import { describeValue } from '../util/describe-value.js';
import type { PaletteCategory, PaletteItem } from './palette-item.types.js';
import { loadPaletteMatcher } from './palette-matcher.js';
import { matchPrefix, prefixSpellings, type PrefixMatch } from './palette-prefix.js';
import { PaletteSearch, type BrowsedItems, type RecentSource } from './palette-search.js';
import { NO_ROWS, type PaletteCore } from './palette-store.js';
import { isPromiseLike } from './palette-values.js';
import { checkItems } from './validate-items.js';
import type { PaletteAskRow, PaletteItemRow, PaletteRow, PaletteState } from './palette.types.js';

interface Level {
  title: string;
  items: readonly PaletteItem[];
}

interface BrowseRequest {
  owner: PaletteItem;
  arg: string;
  items: readonly PaletteItem[] | undefined;
  controller: AbortController;
}

type Listing = Pick<PaletteState, 'rows' | 'grouped' | 'activeIndex' | 'prefix' | 'busy'>;

export interface PaletteListOptions {
  frecency: RecentSource;
  maxResults: number;
  /** List "Ask the agent: <text>" after the matches. */
  askRow: boolean;
}

/**
 * What the palette lists: the registered items, the sub-lists opened from items (levels), a
 * prefix's browse request, the search over them, and the ask row. Rows are recomputed here and
 * nowhere else.
 */
export interface PaletteList {
  /** Settles once the fuzzy matcher has loaded. */
  readonly ready: Promise<void>;
  /** Rows for `query` (the chip's argument while there is one) at the current level; keeps the active row when it is still listed. */
  listFor(query: string, keepKey?: string): Listing;
  /**
   * Lists `query` again (clearing the error and the actions menu), or empties the list while
   * closed. A prefix the query starts with becomes the chip (see `matchPrefix`) and the query
   * keeps the text after it; with a chip in force, other text is its argument.
   */
  relist(query?: string): void;
  /** Makes `item`'s prefix the chip, with nothing typed after it (the visitor chose it from the list). */
  choosePrefix(item: PaletteItem): void;
  /** Removes the chip, keeping the query; false when there was none. */
  clearPrefix(): boolean;
  /** Forgets the chip without touching the state (a field was borrowed, the palette closed). */
  dropPrefix(): void;
  readonly depth: number;
  /** The titles of the open sub-lists, outermost first, for the state's `trail`. */
  trail(): readonly string[];
  /** Opens a sub-list (the caller puts the new `trail()` in the state). */
  pushLevel(items: readonly PaletteItem[], title: string): void;
  /** Leaves the innermost sub-list; false at the root. */
  popLevel(): boolean;
  /** Back to the root, with no browse request under way (the palette closed). */
  reset(): void;
  stopBrowse(): void;
  addItems(items: readonly PaletteItem[]): () => void;
  setItems(items: readonly PaletteItem[]): void;
  getItems(): readonly PaletteItem[];
  setCategories(categories: readonly PaletteCategory[]): void;
  setCategory(id: string | undefined): void;
  /** The listed row of item `id` (with `arg`), else a row made for the item wherever it is registered. */
  findRow(id: string, arg: string | undefined): PaletteRow | undefined;
}

export function createPaletteList(core: PaletteCore, options: PaletteListOptions): PaletteList {
  const search = new PaletteSearch({ frecency: options.frecency, maxResults: options.maxResults });
  // Typing needs the matcher; fetch it now so it is there by the first keystroke.
  const ready = loadPaletteMatcher().then(() => undefined);
  ready.catch(() => undefined);
  const prefixedItems = new WeakMap<readonly PaletteItem[], readonly PaletteItem[]>();
  let registrations: Array<readonly PaletteItem[]> = [];
  let rootItems: readonly PaletteItem[] = Object.freeze([]);
  let levels: Level[] = [];
  let browse: BrowseRequest | undefined;
  // The prefix in force, shown as a chip in the field; the query is its argument.
  let chip: { items: PaletteItem[]; spelling: string } | undefined;

  const currentItems = (): readonly PaletteItem[] => levels[levels.length - 1]?.items ?? rootItems;

  const prefixed = (items: readonly PaletteItem[]): readonly PaletteItem[] => {
    let list = prefixedItems.get(items);
    if (!list) prefixedItems.set(items, (list = items.filter((item) => item.prefix !== undefined)));
    return list;
  };

  const stopBrowse = (): void => {
    browse?.controller.abort();
    browse = undefined;
  };

  const trail = () => Object.freeze(levels.map((level) => level.title));

  /** Starts (or keeps) the browse request the prefix calls for; a newer argument aborts the older request. */
  function syncBrowse(prefix: PrefixMatch | undefined): void {
    const owner = prefix?.items.find((item) => item.browse);
    if (!owner || !prefix) return stopBrowse();
    if (browse && browse.owner === owner && browse.arg === prefix.arg) return;
    browse?.controller.abort();
    const request: BrowseRequest = { owner, arg: prefix.arg, items: undefined, controller: new AbortController() };
    browse = request;
    const current = () => browse === request && !request.controller.signal.aborted;
    const accept = (items: unknown): void => {
      checkItems(`item ${JSON.stringify(owner.id)}: browse(${JSON.stringify(prefix.arg)}) returned items`, items);
      request.items = items;
    };
    try {
      const produced = owner.browse!(prefix.arg, { signal: request.controller.signal });
      if (!isPromiseLike(produced)) return accept(produced);
      Promise.resolve(produced).then(
        (items) => {
          if (!current()) return;
          try {
            accept(items);
          } catch (error) {
            return core.fail('browse', error, owner.name);
          }
          const state = core.state();
          core.update({ ...listFor(state.query, state.activeIndex >= 0 ? state.rows[state.activeIndex]?.key : undefined), busy: false });
        },
        (error: unknown) => {
          if (current()) core.fail('browse', error, owner.name);
        },
      );
    } catch (error) {
      request.items = [];
      queueMicrotask(() => {
        if (browse === request) core.fail('browse', error, owner.name);
      });
    }
  }

  function listFor(query: string, keepKey?: string): Listing {
    const items = currentItems();
    const text = query.trim();
    const prefix: PrefixMatch | undefined = chip ? { items: chip.items, spelling: chip.spelling, arg: text } : undefined;
    syncBrowse(prefix);
    const browsed: BrowsedItems | undefined = browse?.items ? { owner: browse.owner, arg: browse.arg, items: browse.items } : undefined;
    const found = search.search({ items, query, prefix: prefix ?? null, category: core.state().category, browsed });
    if (found.waiting) awaitMatcher();
    const rows: PaletteRow[] = found.rows;
    const shown = chip ? chipDisplay(chip.items) : undefined;
    // Whatever is typed can go to the agent, so Enter on a query always does something.
    if (text !== '' && options.askRow) {
      const ask: PaletteAskRow = { type: 'ask', key: 'ask', text: shown === undefined ? text : `${shown} ${text}`, section: undefined, recent: false };
      // A question or a sentence is meant for the agent, unless it spells out an item's name.
      if (!chip && levels.length === 0 && readsAsRequest(text) && !namesItem(rows[0], text)) rows.unshift(ask);
      else rows.push(ask);
    }
    const kept = keepKey === undefined ? -1 : rows.findIndex((row) => row.key === keepKey);
    return {
      rows,
      grouped: found.grouped,
      activeIndex: kept >= 0 ? kept : rows.length > 0 ? 0 : -1,
      prefix: shown,
      busy: found.waiting || (browse !== undefined && browse.items === undefined && !browse.controller.signal.aborted),
    };
  }

  /** Moves a prefix the query starts with into the chip (in place of one in force); returns what is left to type. */
  function takePrefix(query: string): string {
    if (query.trim() === '') return query;
    const typed = matchPrefix(prefixed(currentItems()), query.trimStart());
    if (!typed) return query;
    chip = { items: typed.items, spelling: typed.spelling };
    return typed.arg;
  }

  /** After the items changed: the chip keeps the items now registered under its spelling, or goes. */
  function resyncChip(): void {
    if (!chip) return;
    const again = matchPrefix(prefixed(currentItems()), `${chip.spelling} `);
    chip = again && again.spelling.toLowerCase() === chip.spelling.toLowerCase() ? { items: again.items, spelling: chip.spelling } : undefined;
  }

  /** Lists again once the fuzzy matcher has loaded; says so in the palette if it cannot. */
  function awaitMatcher(): void {
    ready.then(
      () => {
        const state = core.state();
        if (state.open && state.query.trim() !== '') core.update({ ...listFor(state.query, state.rows[state.activeIndex]?.key) });
      },
      (error: unknown) => core.fail('search', error),
    );
  }

  const relist = (query = core.state().query): void => {
    if (!core.state().open) {
      chip = undefined;
      return core.update({ query, rows: NO_ROWS, activeIndex: -1, grouped: false, prefix: undefined });
    }
    const rest = takePrefix(query);
    core.update({ query: rest, error: undefined, actionsMenu: undefined, ...listFor(rest) });
  };

  function setRootItems(next: Array<readonly PaletteItem[]>): void {
    registrations = next;
    const merged: PaletteItem[] = [];
    const position = new Map<string, number>();
    for (const items of registrations) {
      for (const item of items) {
        const at = position.get(item.id);
        if (at === undefined) {
          position.set(item.id, merged.length);
          merged.push(item);
        } else merged[at] = item;
      }
    }
    rootItems = Object.freeze(merged);
    const state = core.state();
    if (levels.length > 0 || !state.open) return;
    resyncChip();
    core.update(listFor(state.query, state.rows[state.activeIndex]?.key));
  }

  function findItem(items: readonly PaletteItem[], id: string): PaletteItem | undefined {
    for (const item of items) {
      if (item.id === id) return item;
      if (Array.isArray(item.children)) {
        const found = findItem(item.children as readonly PaletteItem[], id);
        if (found) return found;
      }
    }
    return undefined;
  }

  return {
    ready,
    listFor,
    relist,
    choosePrefix(item) {
      if (item.prefix === undefined) return;
      const spelling = prefixSpellings(item.prefix).match[0]!;
      const sharing = matchPrefix(prefixed(currentItems()), `${spelling} `);
      chip = { items: sharing && sharing.items.includes(item) ? sharing.items : [item], spelling };
      core.update({ query: '', error: undefined, actionsMenu: undefined, ...listFor('') });
    },
    clearPrefix() {
      if (!chip) return false;
      chip = undefined;
      core.update({ error: undefined, actionsMenu: undefined, ...listFor(core.state().query) });
      return true;
    },
    dropPrefix() {
      chip = undefined;
    },
    get depth() {
      return levels.length;
    },
    trail,
    pushLevel(items, title) {
      stopBrowse();
      chip = undefined;
      levels = [...levels, { title, items: Object.freeze([...items]) }];
    },
    popLevel() {
      if (levels.length === 0) return false;
      levels = levels.slice(0, -1);
      stopBrowse();
      chip = undefined;
      return true;
    },
    reset() {
      stopBrowse();
      chip = undefined;
      levels = [];
    },
    stopBrowse,

    addItems(items) {
      checkItems('palette.addItems(items): items', items);
      const registration = Object.freeze([...items]);
      setRootItems([...registrations, registration]);
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        setRootItems(registrations.filter((entry) => entry !== registration));
      };
    },

    setItems(items) {
      checkItems('palette.setItems(items): items', items);
      setRootItems([Object.freeze([...items])]);
    },

    getItems: () => rootItems,

    setCategories(categories) {
      if (!Array.isArray(categories)) throw new TypeError(`palette.setCategories(categories): categories must be an array of { id, label }, got ${describeValue(categories)}`);
      categories.forEach((category, i) => {
        if (typeof category?.id !== 'string' || typeof category.label !== 'string' || category.label.trim() === '') {
          throw new TypeError(`palette.setCategories(categories): categories[${i}] must be { id: string, label: string }, got ${describeValue(category)}`);
        }
      });
      core.update({ categories: Object.freeze([...categories]), category: undefined });
      relist();
    },

    setCategory(id) {
      const state = core.state();
      if (id !== undefined && !state.categories.some((category) => category.id === id)) {
        throw new RangeError(`palette.setCategory(id): no category ${JSON.stringify(id)}; set it with setCategories() first`);
      }
      if (id === state.category) return;
      core.update({ category: id });
      relist();
    },

    findRow(id, arg) {
      const listed = core.state().rows.find((row) => row.type === 'item' && row.item.id === id && (arg === undefined || row.arg === arg));
      if (listed) return listed;
      const item = findItem(currentItems(), id) ?? findItem(rootItems, id);
      if (!item) return undefined;
      const row: PaletteItemRow = {
        type: 'item',
        key: `x:${item.id}`,
        item,
        name: item.name,
        description: item.description,
        section: item.section,
        recent: false,
        arg: arg ?? '',
        nameRanges: [],
        descriptionRanges: [],
      };
      return row;
    },
  };
}

/** Ends with a question mark (Latin or CJK), or runs to three words or more. */
function readsAsRequest(text: string): boolean {
  return /[?？]$/.test(text) || text.split(/\s+/).length >= 3;
}

const spaced = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/** The row is an item whose name starts with the whole text ("give me a tour" names "Give me a tour"). */
function namesItem(row: PaletteRow | undefined, text: string): boolean {
  return row?.type === 'item' && spaced(row.name).startsWith(spaced(text));
}

/** How the chip reads: the first item's display spelling. */
function chipDisplay(items: readonly PaletteItem[]): string {
  return prefixSpellings(items[0]!.prefix!).display;
}
