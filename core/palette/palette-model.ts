import type { StorageFailure } from '../storage/storage-failure.js';
import { lazyContextModel } from './context/lazy-context-model.js';
import type { RequestContext } from './context/request-context.js';
import { describeValue } from '../util/describe-value.js';
import { HeatRank, type HeatStorage } from '../search/heat-rank.js';
import type { PaletteCategory, PaletteItem } from './palette-item.types.js';
import { createPaletteRunner } from './palette-activation.js';
import { createPaletteList } from './palette-list.js';
import { createPaletteNavigation } from './palette-navigation.js';
import { createPaletteResults } from './palette-results.js';
import { createPaletteSteering } from './palette-steering.js';
import { createPaletteCore, initialPaletteState, NO_ROWS } from './palette-store.js';
import type { PaletteActionPorts, PaletteActivation, PaletteModel, PaletteState } from './palette.types.js';

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
  /** Told once when `storage` fails and the use counts carry on in memory (default: a console warning). */
  onStorageFallback?: (failure: StorageFailure) => void;
  /** A frecency ranking of your own; default: one kept in `storage` under `dddk.palette.heat`. */
  frecency?: HeatRank;
  ports?: PaletteActionPorts;
  /** Most rows listed for a typed query. Default 100. */
  maxResults?: number;
  /** List "Ask the agent: <text>" after the matches. Default true. */
  askRow?: boolean;
}

const DEFAULT_HISTORY_SIZE = 20;

/**
 * The palette's state and transitions, free of any view. Each change produces a new frozen state.
 * The parts it is made of: the list (palette-list.ts), results (palette-results.ts), running
 * actions (palette-activation.ts), navigation (palette-navigation.ts) and the handle hosts steer
 * it with (palette-steering.ts), all over one store (palette-store.ts).
 */
export function createPaletteModel(options: PaletteModelOptions = {}): PaletteModel {
  const historySize = readHistorySize(options.historySize);
  if (options.onSubmit !== undefined && typeof options.onSubmit !== 'function') {
    throw new TypeError(`createPaletteModel(options): options.onSubmit must be a function, got ${describeValue(options.onSubmit)}`);
  }
  const maxResults = options.maxResults ?? 100;
  if (!Number.isInteger(maxResults) || maxResults < 1) {
    throw new TypeError(`createPaletteModel(options): options.maxResults must be a positive integer, got ${describeValue(options.maxResults)}`);
  }
  const heatFor = (storage: HeatStorage | undefined) =>
    new HeatRank({ storageKey: 'dddk.palette.heat', ...(storage ? { storage } : {}), ...(options.onStorageFallback ? { onStorageFallback: options.onStorageFallback } : {}) });
  let heat = options.frecency ?? heatFor(options.storage);
  let storageSet = options.frecency !== undefined || options.storage !== undefined;

  const core = createPaletteCore(initialPaletteState(options.categories ?? []), options.onListenerError);
  const state = core.state;
  // The search reads through this, so a storage connected later (by a view) takes over the ranking.
  const frecency = { score: (id: string) => heat.score(id), ranked: () => heat.ranked() };
  const list = createPaletteList(core, { frecency, maxResults, askRow: options.askRow !== false });
  const results = createPaletteResults(core, list);
  const context = lazyContextModel(options.onListenerError ? { onListenerError: options.onListenerError } : {});

  const open: PaletteModel['open'] = ({ inline = false } = {}) => {
    if (state().open) {
      if (inline) core.update({ openedInline: true });
      return;
    }
    core.update({ open: true, openedInline: inline, query: '', ...list.listFor('') });
  };

  const close = (): void => {
    if (!state().open && state().query === '') return;
    list.reset();
    runner.abort();
    results.stop();
    steering.dropInputContext();
    core.update({
      open: false,
      openedInline: false,
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
  };

  const setQuery = (query: string): void => {
    if (typeof query !== 'string') {
      throw new TypeError(`palette.setQuery(query): query must be a string, got ${describeValue(query)}`);
    }
    if (query === state().query && state().open) return;
    if (steering.inputContext) return core.update({ query });
    // Typing over a result goes back to the list, filtered by what was typed.
    results.clear();
    list.relist(query);
  };

  const submit: PaletteModel['submit'] = ({ text = typedText(state()), deliver = true, context: requestContext } = {}) => {
    if (typeof text !== 'string') {
      throw new TypeError(`palette.submit(options): options.text must be a string, got ${describeValue(text)}`);
    }
    const trimmed = text.trim();
    if (trimmed === '') return undefined;
    const previous = state().history;
    const history = historySize === 0 ? previous : Object.freeze([trimmed, ...previous.filter((entry) => entry !== trimmed)].slice(0, historySize));
    close();
    core.update({ history });
    if (deliver) {
      if (options.onSubmit) options.onSubmit(trimmed, requestContext ? { context: requestContext } : {});
      else void runner.port('startAgent')?.(trimmed);
    }
    return trimmed;
  };

  const steering = createPaletteSteering(core, { list, results, open, close, setQuery });
  const { handle } = steering;
  const runner = createPaletteRunner(core, {
    handle,
    list,
    recordUse: (id) => heat.record(id),
    onActivate: options.onActivate,
    submit,
    close,
    ports: options.ports,
  });
  const navigation = createPaletteNavigation(core, { list, results, steering, runner });

  const model: PaletteModel = {
    handle,
    ready: list.ready,
    getState: state,
    subscribe: core.subscribe,
    open,
    close,
    toggle: () => (state().open ? close() : open()),
    setQuery,
    clearPrefix: () => void list.clearPrefix(),
    submit,
    clearHistory: () => core.update({ history: Object.freeze([]) }),
    addItems: list.addItems,
    setItems: list.setItems,
    getItems: list.getItems,
    setCategories: list.setCategories,
    setCategory: list.setCategory,
    ...navigation,
    showResult: results.show,
    clearResult: results.clear,
    cancelResult: results.cancel,
    resultMounted: results.mounted,
    setInputContext: handle.setInputContext,
    clearInputContext: handle.clearInputContext,
    submitInputContext: steering.submitInputContext,
    openList: handle.openList,
    clearError: () => core.update({ error: undefined }),
    useStorage(storage) {
      if (storageSet) return false;
      storageSet = true;
      heat = heatFor(storage);
      return true;
    },
    connectPorts: runner.connectPorts,
    get context() {
      return context.current;
    },
    loadContext: () => context.load(),
  };

  if (options.items) model.setItems(options.items);
  return model;
}

/** What the visitor typed: the chip's spelling, then the text after it. */
function typedText(state: PaletteState): string {
  return state.prefix === undefined ? state.query : `${state.prefix} ${state.query}`;
}

function readHistorySize(value: unknown): number {
  if (value === undefined) return DEFAULT_HISTORY_SIZE;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new TypeError(`createPaletteModel(options): options.historySize must be a non-negative integer, got ${describeValue(value)}`);
  }
  return value;
}
