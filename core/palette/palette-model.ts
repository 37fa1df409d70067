import { describeValue } from '../events/describe-value.js';
import type { PaletteListener, PaletteModel, PaletteState } from './palette.types.js';

export interface PaletteModelOptions {
  /** Receives each submitted text (trimmed, never blank), after the palette closed. */
  onSubmit?: (text: string) => void;
  /** How many recent texts the history keeps (default 20; 0 keeps none). */
  historySize?: number;
  /** Called when a listener throws; the other listeners still run. Defaults to `console.error`. */
  onListenerError?: (error: unknown) => void;
}

const DEFAULT_HISTORY_SIZE = 20;

/** The palette's state and transitions, free of any view. Each change produces a new frozen state. */
export function createPaletteModel(options: PaletteModelOptions = {}): PaletteModel {
  const historySize = readHistorySize(options.historySize);
  if (options.onSubmit !== undefined && typeof options.onSubmit !== 'function') {
    throw new TypeError(`createPaletteModel(options): options.onSubmit must be a function, got ${describeValue(options.onSubmit)}`);
  }
  let state: PaletteState = Object.freeze({ open: false, query: '', history: Object.freeze([]) });
  const listeners = new Set<PaletteListener>();

  const setState = (next: Partial<PaletteState>): void => {
    const merged = { ...state, ...next };
    if (merged.open === state.open && merged.query === state.query && merged.history === state.history) return;
    const previous = state;
    state = Object.freeze(merged);
    for (const listener of [...listeners]) {
      try {
        listener(state, previous);
      } catch (error) {
        if (options.onListenerError) options.onListenerError(error);
        else console.error('dddk: a palette listener threw', error);
      }
    }
  };

  const remember = (text: string): readonly string[] => {
    if (historySize === 0) return state.history;
    return Object.freeze([text, ...state.history.filter((entry) => entry !== text)].slice(0, historySize));
  };

  return {
    getState: () => state,
    open: () => setState({ open: true }),
    close: () => setState({ open: false, query: '' }),
    toggle: () => setState(state.open ? { open: false, query: '' } : { open: true }),

    setQuery(query) {
      if (typeof query !== 'string') {
        throw new TypeError(`palette.setQuery(query): query must be a string, got ${describeValue(query)}`);
      }
      setState({ query });
    },

    submit({ text = state.query, deliver = true } = {}) {
      if (typeof text !== 'string') {
        throw new TypeError(`palette.submit(options): options.text must be a string, got ${describeValue(text)}`);
      }
      const trimmed = text.trim();
      if (trimmed === '') return undefined;
      setState({ open: false, query: '', history: remember(trimmed) });
      if (deliver) options.onSubmit?.(trimmed);
      return trimmed;
    },

    clearHistory: () => setState({ history: Object.freeze([]) }),

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
}

function readHistorySize(value: unknown): number {
  if (value === undefined) return DEFAULT_HISTORY_SIZE;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new TypeError(`createPaletteModel(options): options.historySize must be a non-negative integer, got ${describeValue(value)}`);
  }
  return value;
}
