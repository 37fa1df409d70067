import { describeValue } from '../events/describe-value.js';
import type { AskAnswer, PauseDecision, PromptAnswer, SubtitlePrompt } from './prompt.types.js';
import { readAskRequest, readPauseRequest } from './read-prompt-request.js';
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

interface PendingPrompt {
  prompt: SubtitlePrompt;
  /** Settles the caller's promise; `answer` undefined means dismissed for `reason`. */
  settle(answer: PromptAnswer | undefined, reason: string): void;
}

/**
 * The subtitle bar's state and transitions, free of any view. Each change produces a new frozen
 * state object, so a view can compare states by identity.
 */
export function createSubtitleModel(options: SubtitleModelOptions = {}): SubtitleModel {
  let state = HIDDEN;
  let pending: PendingPrompt | undefined;
  let nextPromptId = 1;
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

  const takePending = (): PendingPrompt | undefined => {
    const current = pending;
    pending = undefined;
    return current;
  };

  // Takes the prompt off screen first, so listeners never see a prompt whose promise already settled.
  const settlePending = (answer: PromptAnswer | undefined, reason: string): void => {
    const current = takePending();
    if (!current) return;
    setState(withoutPrompt(state));
    current.settle(answer, reason);
  };

  // A replaced prompt settles after the new one is on screen, so the bar does not blink in between.
  const openPrompt = <Result>(prompt: SubtitlePrompt, toResult: (answer: PromptAnswer | undefined, reason: string) => Result) =>
    new Promise<Result>((resolve) => {
      const replaced = takePending();
      pending = { prompt, settle: (answer, reason) => resolve(toResult(answer, reason)) };
      setState({ ...state, visible: true, prompt });
      replaced?.settle(undefined, 'replaced');
    });

  // Notices and narration may arrive while a question waits; the question stays.
  const keptPrompt = (): Pick<SubtitleState, 'prompt'> => (state.prompt ? { prompt: state.prompt } : {});

  return {
    getState: () => state,

    show(input) {
      const { text, type } = readShowInput(input);
      setState({ visible: true, text, type, streaming: false, ...keptPrompt() });
    },

    append(delta) {
      assertText(delta, 'subtitle.append(delta): delta');
      if (state.streaming) setState({ ...state, text: state.text + delta });
      else setState({ visible: true, text: delta, type: 'agent', streaming: true, ...keptPrompt() });
    },

    replace(text) {
      assertText(text, 'subtitle.replace(text): text');
      setState({ ...state, visible: true, text });
    },

    finalize() {
      if (state.streaming) setState({ ...state, streaming: false });
    },

    hide() {
      const dismissed = takePending();
      setState(HIDDEN);
      dismissed?.settle(undefined, 'hidden');
    },

    ask(request) {
      const prompt = readAskRequest(request, nextPromptId++);
      return openPrompt(prompt, (answer, reason) => toAskAnswer(prompt, answer, reason));
    },

    pauseHint(request) {
      const prompt = readPauseRequest(request, nextPromptId++);
      return openPrompt<PauseDecision>(prompt, (answer) => (answer?.kind === 'pause' ? answer.decision : 'stop'));
    },

    cancelPrompt(reason = 'cancelled') {
      if (typeof reason !== 'string') {
        throw new TypeError(`subtitle.cancelPrompt(reason): reason must be a string when given, got ${describeValue(reason)}`);
      }
      settlePending(undefined, reason);
    },

    answerPrompt(answer) {
      if (!pending) return false;
      settlePending(checkAnswer(pending.prompt, answer), 'answered');
      return true;
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

/** The state once the prompt is gone; a bar that showed only the prompt hides with it. */
function withoutPrompt(state: SubtitleState): SubtitleState {
  if (state.text === '') return HIDDEN;
  const { prompt: _settled, ...rest } = state;
  return rest;
}

function sameState(a: SubtitleState, b: SubtitleState): boolean {
  return (
    a.visible === b.visible && a.text === b.text && a.type === b.type && a.streaming === b.streaming && a.prompt === b.prompt
  );
}

function toAskAnswer(prompt: SubtitlePrompt, answer: PromptAnswer | undefined, reason: string): AskAnswer {
  if (answer && answer.kind !== 'pause') return answer;
  switch (prompt.kind) {
    case 'confirm':
      return { kind: 'confirm', accepted: false, reason };
    case 'choice':
      return { kind: 'choice', value: null, reason };
    default:
      return { kind: 'text', value: null, reason };
  }
}

/** Refuses an answer that does not fit the pending prompt, so a view bug cannot feed the agent nonsense. */
function checkAnswer(prompt: SubtitlePrompt, answer: unknown): PromptAnswer {
  const label = 'subtitle.answerPrompt(answer)';
  const kind = (answer as { kind?: unknown } | null)?.kind;
  if (typeof answer !== 'object' || answer === null || kind !== prompt.kind) {
    throw new TypeError(`${label}: the pending prompt is a ${prompt.kind} prompt, so answer.kind must be "${prompt.kind}"; got ${describeValue(kind ?? answer)}`);
  }
  switch (prompt.kind) {
    case 'confirm': {
      const { accepted } = answer as { accepted?: unknown };
      if (typeof accepted !== 'boolean') throw new TypeError(`${label}: answer.accepted must be a boolean, got ${describeValue(accepted)}`);
      return { kind: 'confirm', accepted };
    }
    case 'choice': {
      const { value } = answer as { value?: unknown };
      if (value === null) return { kind: 'choice', value: null };
      if (typeof value === 'string' && prompt.options.some((option) => option.value === value)) return { kind: 'choice', value };
      if (prompt.allowFreeText && typeof value === 'string' && value.trim() !== '') return { kind: 'choice', value: value.trim() };
      throw new TypeError(
        `${label}: answer.value must be null or one of the option values (${prompt.options.map((o) => JSON.stringify(o.value)).join(', ')})` +
          `${prompt.allowFreeText ? ' or non-empty free text' : ''}; got ${describeValue(value)}`,
      );
    }
    case 'text': {
      const { value } = answer as { value?: unknown };
      if (value !== null && typeof value !== 'string') throw new TypeError(`${label}: answer.value must be a string or null, got ${describeValue(value)}`);
      return { kind: 'text', value };
    }
    case 'pause': {
      const { decision } = answer as { decision?: unknown };
      if (decision !== 'continue' && decision !== 'stop') {
        throw new TypeError(`${label}: answer.decision must be "continue" or "stop", got ${describeValue(decision)}`);
      }
      return { kind: 'pause', decision };
    }
  }
}
