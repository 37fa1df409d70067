import { describeValue } from '../util/describe-value.js';
import { createStore, type Store } from '../util/create-store.js';
import { detailFor } from './palette-detail.js';
import { messageOf } from './palette-values.js';
import type { PaletteError, PaletteErrorSource, PaletteListener, PaletteRow, PaletteState } from './palette.types.js';

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export const NO_ROWS: readonly PaletteRow[] = Object.freeze([]);

/**
 * The palette's state and the one way its parts change it. Every part of the model (the list,
 * results, actions, navigation) reads `state()` and writes through `update()`.
 */
export interface PaletteCore {
  readonly store: Store<PaletteState>;
  state(): PaletteState;
  /** Merges `next` into the state (deriving the detail pane unless given) and notifies, unless nothing changed. */
  update(next: Partial<Mutable<PaletteState>>): void;
  /** Ends the work under way with an error the palette shows. */
  fail(source: PaletteErrorSource, error: unknown, subject?: string): void;
  /** Counts what replaced the palette's view, so an action that did so keeps the palette open. */
  viewGeneration: number;
  /** `subscribe` with `(state, previous)`, as palette listeners have always been called. */
  subscribe(listener: PaletteListener): () => void;
}

export function initialPaletteState(categories: PaletteState['categories']): PaletteState {
  return Object.freeze({
    open: false,
    openedInline: false,
    query: '',
    history: Object.freeze([]),
    rows: NO_ROWS,
    grouped: false,
    activeIndex: -1,
    trail: Object.freeze([]),
    categories: Object.freeze([...categories]),
    category: undefined,
    prefix: undefined,
    busy: false,
    error: undefined,
    result: undefined,
    inputContext: undefined,
    actionsMenu: undefined,
    detail: undefined,
  });
}

export function createPaletteCore(initial: PaletteState, onListenerError: ((error: unknown) => void) | undefined): PaletteCore {
  const store = createStore(initial, { name: 'palette', ...(onListenerError ? { onListenerError } : {}) });
  const state = () => store.getState();

  const update = (next: Partial<Mutable<PaletteState>>): void => {
    const current = state();
    const merged: Mutable<PaletteState> = { ...current, ...next };
    if (!('detail' in next)) {
      merged.detail = detailFor(merged, current.detail, (detail) => {
        if (state().detail?.rowKey === detail.rowKey) update({ detail });
      });
    }
    const changed = (Object.keys(merged) as Array<keyof PaletteState>).some((key) => merged[key] !== current[key]);
    // Frozen here, one level deep, so the store leaves what it holds alone: the host's items,
    // surfaces and mounts stay the host's to change.
    if (changed) store.setState(Object.freeze(merged));
  };

  return {
    store,
    state,
    update,
    fail(source, error, subject) {
      const reported: PaletteError = { source, message: messageOf(error), ...(subject !== undefined ? { subject } : {}) };
      update({ busy: false, error: reported });
    },
    viewGeneration: 0,
    subscribe(listener) {
      if (typeof listener !== 'function') {
        throw new TypeError(`palette.subscribe(listener): listener must be a function, got ${describeValue(listener)}`);
      }
      let previous = state();
      return store.subscribe((next) => {
        const before = previous;
        previous = next;
        listener(next, before);
      });
    },
  };
}
