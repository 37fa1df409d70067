import type { RequestContext } from './context/request-context.js';
import { describeValue } from '../util/describe-value.js';
import { HeatRank, type HeatStorage } from '../search/heat-rank.js';
import type { PaletteHandle, PaletteInputContext, PaletteResult, PaletteResultInput } from './palette-handle.types.js';
import type { PaletteCategory, PaletteItem } from './palette-item.types.js';
import { matchPrefix, prefixSpellings, type PrefixMatch } from './palette-prefix.js';
import { loadPaletteMatcher } from './palette-matcher.js';
import { PaletteSearch, type BrowsedItems } from './palette-search.js';
import { runAction } from './run-action.js';
import { checkItems } from './validate-items.js';
import type {
  PaletteActionPorts,
  PaletteActivation,
  PaletteAskRow,
  PaletteDetail,
  PaletteError,
  PaletteErrorSource,
  PaletteItemRow,
  PaletteListener,
  PaletteModel,
  PaletteRow,
  PaletteState,
} from './palette.types.js';

export interface PaletteModelOptions {
  /** Receives each text handed to the agent (trimmed, never blank), after the palette closed. */
  onSubmit?: (text: string, extras: { context?: RequestContext }) => void;
  /** How many recent texts the history keeps (default 20; 0 keeps none). */
  historySize?: number;
  /** Called when a listener throws; the other listeners still run. Defaults to `console.error`. */
  onListenerError?: (error: unknown) => void;
  /** Called after each item is chosen (for analytics). */
  onActivate?: (activation: PaletteActivation) => void;
  items?: readonly PaletteItem[];
  categories?: readonly PaletteCategory[];
  /** Where use counts persist (e.g. localStorage); memory when absent or failing. Ignored with `frecency`. */
  storage?: HeatStorage;
  /** A frecency ranking of your own; default: one kept in `storage` under `dddk.palette.heat`. */
  frecency?: HeatRank;
  ports?: PaletteActionPorts;
  /** Most rows listed for a typed query. Default 100. */
  maxResults?: number;
  /** List "Ask the agent: <text>" after the matches. Default true. */
  askRow?: boolean;
}

const DEFAULT_HISTORY_SIZE = 20;
const NO_ROWS: readonly PaletteRow[] = Object.freeze([]);

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isPromiseLike<T>(value: unknown): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** The palette's state and transitions, free of any view. Each change produces a new frozen state. */
export function createPaletteModel(options: PaletteModelOptions = {}): PaletteModel {
  const historySize = readHistorySize(options.historySize);
  if (options.onSubmit !== undefined && typeof options.onSubmit !== 'function') {
    throw new TypeError(`createPaletteModel(options): options.onSubmit must be a function, got ${describeValue(options.onSubmit)}`);
  }
  const maxResults = options.maxResults ?? 100;
  if (!Number.isInteger(maxResults) || maxResults < 1) {
    throw new TypeError(`createPaletteModel(options): options.maxResults must be a positive integer, got ${describeValue(options.maxResults)}`);
  }
  const heatFor = (storage: HeatStorage | undefined) => new HeatRank({ storageKey: 'dddk.palette.heat', ...(storage ? { storage } : {}) });
  let heat = options.frecency ?? heatFor(options.storage);
  let storageSet = options.frecency !== undefined || options.storage !== undefined;
  // The search reads through this, so a storage connected later (by a view) takes over the ranking.
  const frecency = { score: (id: string) => heat.score(id), ranked: () => heat.ranked() };
  const search = new PaletteSearch({ frecency, maxResults });
  const listeners = new Set<PaletteListener>();
  // Typing needs the matcher; fetch it now so it is there by the first keystroke.
  const matcherLoad = loadPaletteMatcher().then(() => undefined);
  matcherLoad.catch(() => undefined);
  // Consulted newest first; fallbacks (a view's location-based navigate, say) only after every host port.
  const portStack: PaletteActionPorts[] = [];
  const fallbackPorts: PaletteActionPorts[] = [];
  if (options.ports) portStack.push(options.ports);

  let registrations: Array<readonly PaletteItem[]> = [];
  let rootItems: readonly PaletteItem[] = Object.freeze([]);
  let levels: Level[] = [];
  let browse: BrowseRequest | undefined;
  let actionController: AbortController | undefined;
  let resultController: AbortController | undefined;
  let pendingMount: ((signal: AbortSignal) => Promise<void>) | undefined;
  let inputContext: PaletteInputContext | undefined;
  // Bumped whenever something replaces what the palette shows, so an action that did so keeps it open.
  let viewGeneration = 0;
  const prefixedItems = new WeakMap<readonly PaletteItem[], readonly PaletteItem[]>();

  let state: PaletteState = Object.freeze({
    open: false,
    query: '',
    history: Object.freeze([]),
    rows: NO_ROWS,
    grouped: false,
    activeIndex: -1,
    trail: Object.freeze([]),
    categories: Object.freeze([...(options.categories ?? [])]),
    category: undefined,
    prefix: undefined,
    busy: false,
    error: undefined,
    result: undefined,
    inputContext: undefined,
    actionsMenu: undefined,
    detail: undefined,
  });

  const notify = (previous: PaletteState): void => {
    for (const listener of [...listeners]) {
      try {
        listener(state, previous);
      } catch (error) {
        if (options.onListenerError) options.onListenerError(error);
        else console.error('dddk: a palette listener threw', error);
      }
    }
  };

  const update = (next: Partial<Mutable<PaletteState>>): void => {
    const merged: Mutable<PaletteState> = { ...state, ...next };
    if (!('detail' in next)) merged.detail = detailFor(merged);
    const changed = (Object.keys(merged) as Array<keyof PaletteState>).some((key) => merged[key] !== state[key]);
    if (!changed) return;
    const previous = state;
    state = Object.freeze(merged);
    notify(previous);
  };

  const fail = (source: PaletteErrorSource, error: unknown, subject?: string): void => {
    const reported: PaletteError = { source, message: messageOf(error), ...(subject !== undefined ? { subject } : {}) };
    update({ busy: false, error: reported });
  };

  // ---- the active item's detail surface -------------------------------------------------------

  function detailFor(next: PaletteState): PaletteDetail | undefined {
    const row = next.open && !next.result && !next.inputContext ? next.rows[next.activeIndex] : undefined;
    if (!row || row.type !== 'item' || row.item.detail === undefined) return undefined;
    if (state.detail?.rowKey === row.key) return state.detail;
    const source = row.item.detail;
    if (typeof source !== 'function') return { rowKey: row.key, surface: source, loading: false, error: undefined };
    const settle = (detail: Omit<PaletteDetail, 'rowKey'>) => {
      if (state.detail?.rowKey === row.key) update({ detail: { rowKey: row.key, ...detail } });
    };
    try {
      const produced = source(row.arg);
      if (!isPromiseLike(produced)) return { rowKey: row.key, surface: produced, loading: false, error: undefined };
      Promise.resolve(produced).then(
        (surface) => settle({ surface, loading: false, error: undefined }),
        (error: unknown) => settle({ surface: undefined, loading: false, error: messageOf(error) }),
      );
      return { rowKey: row.key, surface: undefined, loading: true, error: undefined };
    } catch (error) {
      return { rowKey: row.key, surface: undefined, loading: false, error: messageOf(error) };
    }
  }

  // ---- the list -------------------------------------------------------------------------------

  const currentItems = (): readonly PaletteItem[] => levels[levels.length - 1]?.items ?? rootItems;

  const prefixed = (items: readonly PaletteItem[]): readonly PaletteItem[] => {
    let list = prefixedItems.get(items);
    if (!list) prefixedItems.set(items, (list = items.filter((item) => item.prefix !== undefined)));
    return list;
  };

  /** Starts (or keeps) the browse request the prefix calls for; a newer argument aborts the older request. */
  function syncBrowse(prefix: PrefixMatch | undefined): void {
    const owner = prefix?.items.find((item) => item.browse);
    if (!owner || !prefix) {
      browse?.controller.abort();
      browse = undefined;
      return;
    }
    if (browse && browse.owner === owner && browse.arg === prefix.arg) return;
    browse?.controller.abort();
    const request: BrowseRequest = { owner, arg: prefix.arg, items: undefined, controller: new AbortController() };
    browse = request;
    const accept = (items: unknown): void => {
      checkItems(`item ${JSON.stringify(owner.id)}: browse(${JSON.stringify(prefix.arg)}) returned items`, items);
      request.items = items;
    };
    try {
      const produced = owner.browse!(prefix.arg, { signal: request.controller.signal });
      if (!isPromiseLike(produced)) return accept(produced);
      Promise.resolve(produced).then(
        (items) => {
          if (browse !== request || request.controller.signal.aborted) return;
          try {
            accept(items);
          } catch (error) {
            return fail('browse', error, owner.name);
          }
          update({ ...listFor(state.query, state.activeIndex >= 0 ? state.rows[state.activeIndex]?.key : undefined), busy: false });
        },
        (error: unknown) => {
          if (browse !== request || request.controller.signal.aborted) return;
          fail('browse', error, owner.name);
        },
      );
    } catch (error) {
      request.items = [];
      queueMicrotask(() => {
        if (browse === request) fail('browse', error, owner.name);
      });
    }
  }

  /** Rows for `query` at the current level; keeps the active row when it is still listed. */
  function listFor(query: string, keepKey?: string): Pick<PaletteState, 'rows' | 'grouped' | 'activeIndex' | 'prefix' | 'busy'> {
    const items = currentItems();
    const text = query.trim();
    const prefix = text === '' ? undefined : matchPrefix(prefixed(items), query.trimStart());
    syncBrowse(prefix);
    const browsed: BrowsedItems | undefined = browse?.items ? { owner: browse.owner, arg: browse.arg, items: browse.items } : undefined;
    const found = search.search({ items, query, category: state.category, browsed });
    if (found.waiting) awaitMatcher();
    const rows: PaletteRow[] = found.rows;
    if (text !== '' && !prefix && options.askRow !== false && levels.length === 0) {
      const ask: PaletteAskRow = { type: 'ask', key: 'ask', text, section: undefined, recent: false };
      // A question or a sentence is meant for the agent, whatever it happens to match loosely.
      if (readsAsRequest(text)) rows.unshift(ask);
      else rows.push(ask);
    }
    const kept = keepKey === undefined ? -1 : rows.findIndex((row) => row.key === keepKey);
    return {
      rows,
      grouped: found.grouped,
      activeIndex: kept >= 0 ? kept : rows.length > 0 ? 0 : -1,
      prefix: prefix ? prefixSpellings(prefix.items[0]!.prefix!).display : undefined,
      busy: found.waiting || (browse !== undefined && browse.items === undefined && !browse.controller.signal.aborted),
    };
  }

  /** Lists again once the fuzzy matcher has loaded; says so in the palette if it cannot. */
  function awaitMatcher(): void {
    matcherLoad.then(
      () => {
        if (state.open && state.query.trim() !== '') update({ ...listFor(state.query, state.rows[state.activeIndex]?.key) });
      },
      (error: unknown) => fail('search', error),
    );
  }

  const relist = (query = state.query): void => {
    if (!state.open) return update({ query, rows: NO_ROWS, activeIndex: -1, grouped: false, prefix: undefined });
    update({ query, error: undefined, actionsMenu: undefined, ...listFor(query) });
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
    if (levels.length === 0 && state.open) {
      const activeKey = state.rows[state.activeIndex]?.key;
      update(listFor(state.query, activeKey));
    }
  }

  // ---- results, the borrowed field and sub-lists -----------------------------------------------

  function stopResult(): void {
    resultController?.abort();
    resultController = undefined;
    pendingMount = undefined;
  }

  function normaliseResult(input: PaletteResultInput): PaletteResult {
    const where = 'palette.showResult(result)';
    if (typeof input === 'string') return { kind: 'text', text: input };
    if (typeof input !== 'object' || input === null) throw new TypeError(`${where}: result must be a string or an object, got ${describeValue(input)}`);
    const title = (input as { title?: unknown }).title;
    if (title !== undefined && typeof title !== 'string') throw new TypeError(`${where}: result.title must be a string, got ${describeValue(title)}`);
    const titled = title === undefined ? {} : { title };
    const text = (field: string, value: unknown): string => {
      if (typeof value !== 'string') throw new TypeError(`${where}: result.${field} must be a string, got ${describeValue(value)}`);
      return value;
    };
    if ('text' in input) return { kind: 'text', text: text('text', input.text), ...titled };
    if ('markdown' in input) return { kind: 'markdown', text: text('markdown', input.markdown), ...titled };
    if ('html' in input) return { kind: 'html', html: text('html', input.html), ...titled };
    if ('surface' in input) {
      if (typeof input.surface !== 'object' || input.surface === null) throw new TypeError(`${where}: result.surface must be a surface ({ root }), got ${describeValue(input.surface)}`);
      return { kind: 'surface', surface: input.surface, ...titled };
    }
    if ('node' in input) {
      if (typeof input.node !== 'object' || input.node === null) throw new TypeError(`${where}: result.node must be a DOM node, got ${describeValue(input.node)}`);
      return { kind: 'node', node: input.node, ...titled };
    }
    if ('mount' in input) {
      if (typeof input.mount !== 'object' || input.mount === null) throw new TypeError(`${where}: result.mount must be an element, got ${describeValue(input.mount)}`);
      const stream = input.stream;
      if (stream !== undefined && typeof stream !== 'function') throw new TypeError(`${where}: result.stream must be a function (mount, signal) => void | Promise<void>, got ${describeValue(stream)}`);
      return { kind: 'mount', mount: input.mount, streaming: stream !== undefined, ...titled };
    }
    if ('stream' in input) {
      const stream = input.stream as unknown;
      if (typeof (stream as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] !== 'function') {
        throw new TypeError(`${where}: result.stream must be an async iterable of text chunks, got ${describeValue(stream)}`);
      }
      return { kind: 'stream', text: '', streaming: true, ...titled };
    }
    throw new TypeError(`${where}: result must have one of text, markdown, html, node, stream, mount or surface`);
  }

  function consumeStream(stream: AsyncIterable<string>, controller: AbortController): void {
    const iterator = stream[Symbol.asyncIterator]();
    let text = '';
    const patch = (fields: { text?: string; streaming?: boolean; error?: string }) => {
      if (resultController !== controller || state.result?.kind !== 'stream') return;
      update({ result: { ...state.result, ...fields } });
    };
    controller.signal.addEventListener('abort', () => {
      // Tell the producer to stop; a generator parked on an await finishes its step first.
      void Promise.resolve(iterator.return?.()).catch(() => undefined);
      if (state.result?.kind === 'stream' && state.result.streaming) update({ result: { ...state.result, streaming: false } });
    });
    void (async () => {
      try {
        for (;;) {
          const step = await iterator.next();
          if (controller.signal.aborted || step.done) break;
          text += typeof step.value === 'string' ? step.value : String(step.value);
          patch({ text });
        }
        patch({ streaming: false });
      } catch (error) {
        if (!controller.signal.aborted) patch({ streaming: false, error: messageOf(error) });
      }
    })();
  }

  // ---- activation -----------------------------------------------------------------------------

  const port = <Port extends keyof PaletteActionPorts>(name: Port): NonNullable<PaletteActionPorts[Port]> | undefined => {
    for (const stack of [portStack, fallbackPorts]) {
      for (let i = stack.length - 1; i >= 0; i--) {
        const found = stack[i]![name];
        if (found) return found as NonNullable<PaletteActionPorts[Port]>;
      }
    }
    return undefined;
  };

  async function openChildren(item: PaletteItem): Promise<void> {
    const source = item.children!;
    if (typeof source !== 'function') return handle.openList(source, item.name);
    const controller = new AbortController();
    actionController?.abort();
    actionController = controller;
    update({ busy: true, error: undefined });
    try {
      const items = await source({ signal: controller.signal });
      if (controller.signal.aborted) return;
      update({ busy: false });
      handle.openList(items, item.name);
    } catch (error) {
      if (!controller.signal.aborted) fail('children', error, item.name);
    }
  }

  async function activateRow(row: PaletteRow, actionIndex = 0): Promise<void> {
    if (row.type === 'ask') {
      model.submit({ text: row.text });
      return;
    }
    const item = row.item;
    if (item.disabled) return;
    try {
      heat.record(item.id);
    } catch {
      // Frecency is a nicety: a ranking failure never blocks the action.
    }
    options.onActivate?.({ itemId: item.id, arg: row.arg, actionIndex });
    const actions = item.actions ?? [];
    const listed = row.key.startsWith('i:') || row.key.startsWith('r:');
    if (actionIndex === 0) {
      if (listed && item.prefix !== undefined) {
        viewGeneration++;
        return handle.setQuery(`${prefixSpellings(item.prefix).display} `);
      }
      if (actions.length === 0) {
        if (item.children !== undefined) return openChildren(item);
        if (item.answer !== undefined) {
          return handle.showResult(item.answerFormat === 'markdown' ? { markdown: item.answer, title: item.name } : { text: item.answer, title: item.name });
        }
        return;
      }
    }
    const action = actions[actionIndex];
    if (!action) return;
    actionController?.abort();
    const controller = new AbortController();
    actionController = controller;
    const generation = viewGeneration;
    update({ busy: true, error: undefined, actionsMenu: undefined });
    try {
      await runAction(action, { item, arg: row.arg, palette: handle, signal: controller.signal }, port);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (!state.open) update({ open: true, ...listFor(state.query) });
      return fail('action', error, action.title ?? item.name);
    } finally {
      if (actionController === controller) actionController = undefined;
    }
    if (controller.signal.aborted) return;
    update({ busy: false });
    if (state.open && viewGeneration === generation) model.close();
  }

  function findRow(id: string, arg: string | undefined): PaletteRow | undefined {
    const listed = state.rows.find((row) => row.type === 'item' && row.item.id === id && (arg === undefined || row.arg === arg));
    if (listed) return listed;
    const search = (items: readonly PaletteItem[]): PaletteItem | undefined => {
      for (const item of items) {
        if (item.id === id) return item;
        if (Array.isArray(item.children)) {
          const found = search(item.children as readonly PaletteItem[]);
          if (found) return found;
        }
      }
      return undefined;
    };
    const item = search(currentItems()) ?? search(rootItems);
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
  }

  // ---- the handle actions and hosts steer the palette with --------------------------------------

  const handle: PaletteHandle = {
    close: () => model.close(),
    get query() {
      return state.query;
    },
    setQuery(query) {
      viewGeneration++;
      if (!state.open) model.open();
      model.setQuery(query);
    },
    showResult(input) {
      const result = normaliseResult(input);
      stopResult();
      viewGeneration++;
      const controller = new AbortController();
      resultController = controller;
      if (result.kind === 'stream') consumeStream((input as { stream: AsyncIterable<string> }).stream, controller);
      if (result.kind === 'mount' && typeof (input as { stream?: unknown }).stream === 'function') {
        const stream = (input as { stream: (mount: object, signal: AbortSignal) => void | Promise<void> }).stream;
        const mount = result.mount;
        pendingMount = async (signal) => {
          const patch = (fields: { streaming: boolean; error?: string }) => {
            if (resultController === controller && state.result?.kind === 'mount') update({ result: { ...state.result, ...fields } });
          };
          try {
            await stream(mount, signal);
            patch({ streaming: false });
          } catch (error) {
            if (!signal.aborted) patch({ streaming: false, error: messageOf(error) });
          }
        };
      }
      update({ open: true, result, actionsMenu: undefined, busy: false, error: undefined, ...(state.open ? {} : listFor('')) });
    },
    clearResult() {
      if (!state.result) return;
      stopResult();
      update({ result: undefined });
    },
    openList(items, title = '') {
      checkItems('palette.openList(items): items', items);
      viewGeneration++;
      browse?.controller.abort();
      browse = undefined;
      levels = [...levels, { title, items: Object.freeze([...items]) }];
      stopResult();
      // A chip picked at the root would hide most of a sub-list, so the sub-list starts unfiltered.
      update({ open: true, trail: Object.freeze(levels.map((level) => level.title)), category: undefined, result: undefined, actionsMenu: undefined, busy: false, error: undefined });
      update({ query: '', ...listFor('') });
    },
    setInputContext(context) {
      if (typeof context !== 'object' || context === null || typeof context.onSubmit !== 'function') {
        throw new TypeError(`palette.setInputContext(context): context.onSubmit must be a function (text, palette) => void, got ${describeValue(context?.onSubmit)}`);
      }
      for (const field of ['placeholder', 'chipLabel'] as const) {
        if (context[field] !== undefined && typeof context[field] !== 'string') {
          throw new TypeError(`palette.setInputContext(context): context.${field} must be a string, got ${describeValue(context[field])}`);
        }
      }
      viewGeneration++;
      inputContext = context;
      const shown = { ...(context.placeholder !== undefined ? { placeholder: context.placeholder } : {}), ...(context.chipLabel !== undefined ? { chipLabel: context.chipLabel } : {}) };
      update({ open: true, inputContext: shown, query: '', actionsMenu: undefined, busy: false, error: undefined, rows: NO_ROWS, activeIndex: -1 });
    },
    clearInputContext() {
      if (!inputContext) return;
      inputContext = undefined;
      update({ inputContext: undefined });
      relist('');
    },
  };

  const model: PaletteModel = {
    handle,
    ready: matcherLoad,
    getState: () => state,

    open() {
      if (state.open) return;
      update({ open: true, query: '', ...listFor('') });
    },

    close() {
      if (!state.open && state.query === '') return;
      browse?.controller.abort();
      browse = undefined;
      actionController?.abort();
      actionController = undefined;
      stopResult();
      inputContext = undefined;
      levels = [];
      update({
        open: false,
        query: '',
        rows: NO_ROWS,
        grouped: false,
        activeIndex: -1,
        trail: Object.freeze([]),
        category: undefined,
        prefix: undefined,
        busy: false,
        error: undefined,
        result: undefined,
        inputContext: undefined,
        actionsMenu: undefined,
      });
    },

    toggle() {
      if (state.open) model.close();
      else model.open();
    },

    setQuery(query) {
      if (typeof query !== 'string') {
        throw new TypeError(`palette.setQuery(query): query must be a string, got ${describeValue(query)}`);
      }
      if (query === state.query && state.open) return;
      if (inputContext) return update({ query });
      // Typing over a result goes back to the list, filtered by what was typed.
      if (state.result) {
        stopResult();
        update({ result: undefined });
      }
      relist(query);
    },

    submit({ text = state.query, deliver = true, context } = {}) {
      if (typeof text !== 'string') {
        throw new TypeError(`palette.submit(options): options.text must be a string, got ${describeValue(text)}`);
      }
      const trimmed = text.trim();
      if (trimmed === '') return undefined;
      const history = historySize === 0 ? state.history : Object.freeze([trimmed, ...state.history.filter((entry) => entry !== trimmed)].slice(0, historySize));
      model.close();
      update({ history });
      if (deliver) {
        if (options.onSubmit) options.onSubmit(trimmed, context ? { context } : {});
        else void port('startAgent')?.(trimmed);
      }
      return trimmed;
    },

    clearHistory: () => update({ history: Object.freeze([]) }),

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
      update({ categories: Object.freeze([...categories]), category: undefined });
      relist();
    },

    setCategory(id) {
      if (id !== undefined && !state.categories.some((category) => category.id === id)) {
        throw new RangeError(`palette.setCategory(id): no category ${JSON.stringify(id)}; set it with setCategories() first`);
      }
      if (id === state.category) return;
      update({ category: id });
      relist();
    },

    setActiveIndex(index) {
      if (!Number.isInteger(index) || index < 0 || index >= state.rows.length) return;
      update({ activeIndex: index });
    },

    moveActive(delta, { wrap = false } = {}) {
      const count = state.rows.length;
      if (count === 0) return;
      const from = state.activeIndex < 0 ? (delta > 0 ? -1 : count) : state.activeIndex;
      let next = from + delta;
      if (wrap) next = ((next % count) + count) % count;
      else next = Math.max(0, Math.min(count - 1, next));
      update({ activeIndex: next });
    },

    activate(index = state.activeIndex, actionIndex = 0) {
      const row = state.rows[index];
      return row ? activateRow(row, actionIndex) : Promise.resolve();
    },

    async activateById(id, activation = {}) {
      const row = findRow(id, activation.arg);
      if (!row) return false;
      const withArg = activation.arg !== undefined && row.type === 'item' && row.arg !== activation.arg ? { ...row, key: `x:${row.item.id}`, arg: activation.arg } : row;
      await activateRow(withArg, activation.actionIndex ?? 0);
      return true;
    },

    openActionsMenu() {
      const row = state.rows[state.activeIndex];
      if (!row || row.type !== 'item' || !row.item.actions?.length || row.item.disabled) return false;
      update({ actionsMenu: { rowKey: row.key, title: row.name, actions: row.item.actions, activeIndex: 0 } });
      return true;
    },

    closeActionsMenu: () => update({ actionsMenu: undefined }),

    moveActionsMenu(delta) {
      const menu = state.actionsMenu;
      if (!menu) return;
      const count = menu.actions.length;
      update({ actionsMenu: { ...menu, activeIndex: (((menu.activeIndex + delta) % count) + count) % count } });
    },

    async runActionsMenu(index) {
      const menu = state.actionsMenu;
      if (!menu) return;
      const row = state.rows.find((candidate) => candidate.key === menu.rowKey);
      if (!row) return update({ actionsMenu: undefined });
      await activateRow(row, index ?? menu.activeIndex);
    },

    showResult: (result) => handle.showResult(result),
    clearResult: () => handle.clearResult(),

    cancelResult() {
      resultController?.abort();
    },

    resultMounted() {
      const start = pendingMount;
      pendingMount = undefined;
      if (start && resultController) void start(resultController.signal);
    },

    setInputContext: (context) => handle.setInputContext(context),
    clearInputContext: () => handle.clearInputContext(),

    async submitInputContext() {
      const context = inputContext;
      const text = state.query.trim();
      if (!context || text === '') return;
      update({ query: '', error: undefined });
      try {
        await context.onSubmit(text, handle);
      } catch (error) {
        fail('input', error, context.chipLabel);
      }
    },

    openList: (items, title) => handle.openList(items, title),

    back() {
      if (state.actionsMenu) {
        update({ actionsMenu: undefined });
        return true;
      }
      if (state.result) {
        handle.clearResult();
        return true;
      }
      if (inputContext) {
        handle.clearInputContext();
        return true;
      }
      if (levels.length > 0) {
        levels = levels.slice(0, -1);
        browse?.controller.abort();
        browse = undefined;
        update({ trail: Object.freeze(levels.map((level) => level.title)) });
        relist('');
        return true;
      }
      return false;
    },

    clearError: () => update({ error: undefined }),

    useStorage(storage) {
      if (storageSet) return false;
      storageSet = true;
      heat = heatFor(storage);
      return true;
    },

    connectPorts(ports, { fallback = false } = {}) {
      if (typeof ports !== 'object' || ports === null) throw new TypeError(`palette.connectPorts(ports): ports must be an object, got ${describeValue(ports)}`);
      const stack = fallback ? fallbackPorts : portStack;
      stack.push(ports);
      return () => {
        const at = stack.lastIndexOf(ports);
        if (at >= 0) stack.splice(at, 1);
      };
    },

    subscribe(listener) {
      if (typeof listener !== 'function') {
        throw new TypeError(`palette.subscribe(listener): listener must be a function, got ${describeValue(listener)}`);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };

  if (options.items) model.setItems(options.items);
  return model;
}

function readHistorySize(value: unknown): number {
  if (value === undefined) return DEFAULT_HISTORY_SIZE;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new TypeError(`createPaletteModel(options): options.historySize must be a non-negative integer, got ${describeValue(value)}`);
  }
  return value;
}

/** Ends with a question mark (Latin or CJK), or runs to three words or more. */
function readsAsRequest(text: string): boolean {
  return /[?？]$/.test(text) || text.split(/\s+/).length >= 3;
}
