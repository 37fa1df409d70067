import { describeValue } from '../events/describe-value.js';
import {
  SUBTITLE_TYPES,
  type SubtitleListener,
  type SubtitleModel,
  type SubtitleShowOptions,
  type SubtitleState,
  type SubtitleType,
} from './subtitle.types.js';

export interface SubtitleModelOptions {
  /** Called when a listener throws; the other listeners still run. Defaults to `console.error`. */
  onListenerError?: (error: unknown) => void;
}

const HIDDEN: SubtitleState = Object.freeze({ visible: false, text: '', type: 'info', streaming: false });

/**
 * The subtitle bar's state and transitions, free of any view. Each change produces a new frozen
 * state object, so a view can compare states by identity.
 */
export function createSubtitleModel(options: SubtitleModelOptions = {}): SubtitleModel {
  let state = HIDDEN;
  const listeners = new Set<SubtitleListener>();

  const setState = (next: SubtitleState): void => {
    if (sameState(state, next)) return;
    const previous = state;
    state = Object.freeze(next);
    for (const listener of [...listeners]) {
      try {
        listener(state, previous);
      } catch (error) {
        if (options.onListenerError) options.onListenerError(error);
        else console.error('dddk: a subtitle listener threw', error);
      }
    }
  };

  return {
    getState: () => state,

    show(input) {
      const { text, type } = readShowInput(input);
      setState({ visible: true, text, type, streaming: false });
    },

    append(delta) {
      assertText(delta, 'subtitle.append(delta): delta');
      if (state.streaming) setState({ ...state, text: state.text + delta });
      else setState({ visible: true, text: delta, type: 'agent', streaming: true });
    },

    replace(text) {
      assertText(text, 'subtitle.replace(text): text');
      setState({ ...state, visible: true, text });
    },

    finalize() {
      if (state.streaming) setState({ ...state, streaming: false });
    },

    hide() {
      setState(HIDDEN);
    },

    subscribe(listener) {
      if (typeof listener !== 'function') {
        throw new TypeError(`subtitle.subscribe(listener): listener must be a function, got ${describeValue(listener)}`);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

function readShowInput(input: string | SubtitleShowOptions): { text: string; type: SubtitleType } {
  if (typeof input === 'string') return { text: input, type: 'info' };
  if (typeof input !== 'object' || input === null) {
    throw new TypeError(`subtitle.show(input): input must be a string or { text, type }, got ${describeValue(input)}`);
  }
  assertText(input.text, 'subtitle.show(input): input.text');
  const type = input.type ?? 'info';
  if (!(SUBTITLE_TYPES as readonly unknown[]).includes(type)) {
    throw new TypeError(
      `subtitle.show(input): input.type must be one of ${SUBTITLE_TYPES.join(', ')}, got ${describeValue(type)}`,
    );
  }
  return { text: input.text, type };
}

function assertText(value: unknown, label: string): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(`${label} must be a string, got ${describeValue(value)}`);
}

function sameState(a: SubtitleState, b: SubtitleState): boolean {
  return a.visible === b.visible && a.text === b.text && a.type === b.type && a.streaming === b.streaming;
}
