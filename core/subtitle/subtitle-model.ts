import { describeValue } from '../util/describe-value.js';
import { DEFAULT_PAGING, paginate, type SubtitlePaging } from './paginate.js';
import type { AskAnswer, PauseDecision, PromptAnswer, SubtitlePrompt } from './prompt.types.js';
import { readAskRequest, readPauseRequest } from './read-prompt-request.js';
import { readAvatar } from './read-avatar.js';
import { readTask, type ReadTask } from './read-task.js';
import { readingDelayMs, type SubtitleReadingTime } from './reading-delay.js';
import { SentenceSpeaker } from './sentence-speaker.js';
import { splitSentences } from './sentences.js';
import {
  SUBTITLE_ACTIONS,
  SUBTITLE_INDICATORS,
  SUBTITLE_TYPES,
  type SubtitleActionName,
  type SubtitleListener,
  type SubtitleModel,
  type SubtitleShowOptions,
  type SubtitleState,
  type SubtitleType,
} from './subtitle.types.js';

/** Timers, injectable so that tests can move time by hand. */
export interface SubtitleClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SubtitleModelOptions {
  /** Called when a listener (or a message's `onAction`) throws; the others still run. Defaults to `console.error`. */
  onListenerError?: (error: unknown) => void;
  /**
   * A text-to-speech hook: called with each sentence once, as a stream completes it (the rest on
   * `finalize()`), and with the sentences of each page a `show()` puts on screen.
   */
  onSpeak?: (sentence: string) => void;
  /** How much one page holds when a message does not say; default 220 characters. */
  paging?: SubtitlePaging;
  /** How long `autoHide: true` messages stay. */
  readingTime?: SubtitleReadingTime;
  clock?: SubtitleClock;
}

const HIDDEN: SubtitleState = Object.freeze({ visible: false, text: '', type: 'info', streaming: false });

// Read the global timers at call time so that importing this module touches nothing.
const systemClock: SubtitleClock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

interface PendingPrompt {
  prompt: SubtitlePrompt;
  /** Settles the caller's promise; `answer` undefined means dismissed for `reason`. */
  settle(answer: PromptAnswer | undefined, reason: string): void;
}

/** What the model keeps about the message on screen beyond its state. */
interface MessageExtras {
  id: number;
  onAction?: (action: SubtitleActionName) => void;
  paging: SubtitlePaging | false;
}

type MessageFields = { -readonly [Field in 'format' | 'actions' | 'persistent' | 'autoHideMs']?: SubtitleState[Field] };

/**
 * The subtitle bar's state and transitions, free of any view. Each change produces a new frozen
 * state object, so a view can compare states by identity.
 */
export function createSubtitleModel(options: SubtitleModelOptions = {}): SubtitleModel {
  let state = HIDDEN;
  let pending: PendingPrompt | undefined;
  let nextPromptId = 1;
  let nextMessageId = 1;
  let message: MessageExtras = { id: 0, paging: {} };
  let avatar: SubtitleState['avatar'];
  let indicator: SubtitleState['indicator'];
  let task: (ReadTask & { source: object }) | undefined;
  let holds = 0;
  let holdReleases = 0;
  let hideTimer: { handle: unknown; key: string } | undefined;
  const clock = options.clock ?? systemClock;
  const defaultPaging = { ...DEFAULT_PAGING, ...options.paging };
  const listeners = new Set<SubtitleListener>();
  const speaker = options.onSpeak ? new SentenceSpeaker((sentence) => guard(() => options.onSpeak!(sentence))) : undefined;

  const reportError = (error: unknown): void => {
    if (options.onListenerError) options.onListenerError(error);
    else console.error('dddk: a subtitle listener threw', error);
  };
  function guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      reportError(error);
    }
  }

  const setState = (next: SubtitleState): void => {
    const composed = withSharedFields(next);
    if (sameState(state, composed)) return;
    const previous = state;
    state = Object.freeze(composed);
    for (const listener of [...listeners]) guard(() => listener(state, previous));
    scheduleAutoHide();
  };

  // The avatar, the indicator and the task outlive messages, so every new state carries them.
  const withSharedFields = (next: SubtitleState): SubtitleState => {
    const { avatar: _a, indicator: _i, task: _t, ...rest } = next;
    const composed: SubtitleState = {
      ...rest,
      ...(avatar ? { avatar } : {}),
      ...(indicator ? { indicator } : {}),
      ...(task ? { task: task.view } : {}),
    };
    // An indicator or a task alone keeps the bar up (a task's Stop button must stay within reach);
    // once they go, a bar with nothing to show goes with them, still saying that it stopped.
    const keptUp = indicator !== undefined || task !== undefined;
    if (!composed.visible && keptUp) return { ...composed, visible: true };
    if (composed.visible && composed.text === '' && !composed.streaming && !composed.prompt && !keptUp && (state.indicator || state.task)) {
      return { ...withSharedFields(HIDDEN), ...(composed.stopped ? { stopped: true } : {}) };
    }
    return composed;
  };

  function scheduleAutoHide(): void {
    const onLastPage = state.pages === undefined || state.page === state.pages.length - 1;
    const due = state.visible && state.autoHideMs !== undefined && !state.streaming && !state.prompt && holds === 0 && onLastPage;
    const key = `${message.id}/${state.page ?? 0}/${holdReleases}`;
    if (due && hideTimer?.key === key) return;
    if (hideTimer) clock.clearTimeout(hideTimer.handle);
    hideTimer = undefined;
    if (!due) return;
    const forMessage = message.id;
    hideTimer = {
      key,
      handle: clock.setTimeout(() => {
        hideTimer = undefined;
        if (message.id === forMessage && state.visible && !state.prompt && !state.streaming) model.hide();
      }, state.autoHideMs!),
    };
  }

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

  const newMessage = (extras: Omit<MessageExtras, 'id'> = { paging: {} }): void => {
    message = { id: nextMessageId++, ...extras };
    speaker?.reset();
  };

  const pagesOf = (text: string): Pick<SubtitleState, 'pages' | 'page'> => {
    if (message.paging === false) return {};
    const pages = paginate(text, { ...defaultPaging, ...message.paging });
    return pages.length > 1 ? { pages: Object.freeze(pages), page: 0 } : {};
  };

  const speakPage = (): void => {
    if (!speaker) return;
    const text = state.pages ? state.pages[state.page ?? 0]! : state.text;
    for (const sentence of splitSentences(text, true)) guard(() => options.onSpeak!(sentence));
  };

  const model: SubtitleModel = {
    getState: () => state,

    show(input) {
      const shown = readShowInput(input);
      newMessage({ paging: shown.paging, ...(shown.onAction ? { onAction: shown.onAction } : {}) });
      setState({ visible: true, text: shown.text, type: shown.type, streaming: false, ...keptPrompt(), ...shown.fields, ...pagesOf(shown.text) });
      speakPage();
    },

    append(delta) {
      assertText(delta, 'subtitle.append(delta): delta');
      if (state.streaming) {
        setState({ ...state, text: state.text + delta });
      } else {
        newMessage();
        setState({ visible: true, text: delta, type: 'agent', streaming: true, ...keptPrompt() });
      }
      speaker?.update(state.text);
    },

    replace(text) {
      assertText(text, 'subtitle.replace(text): text');
      // Pages belong to a shown text; a replaced text (often a stream's last word) shows whole.
      const { pages: _pages, page: _page, ...rest } = state;
      setState({ ...rest, visible: true, text });
      speaker?.update(text);
      if (!state.streaming) speaker?.flush();
    },

    finalize() {
      if (!state.streaming) return;
      setState({ ...state, streaming: false });
      speaker?.flush();
    },

    hide() {
      const dismissed = takePending();
      indicator = undefined;
      newMessage();
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

    nextPage() {
      const { pages, page = 0 } = state;
      if (!pages || page >= pages.length - 1) return false;
      setState({ ...state, page: page + 1 });
      speakPage();
      return true;
    },

    act(action) {
      if (!(SUBTITLE_ACTIONS as readonly unknown[]).includes(action)) {
        throw new TypeError(`subtitle.act(action): action must be one of ${SUBTITLE_ACTIONS.join(', ')}, got ${describeValue(action)}`);
      }
      if (!state.visible || !state.actions?.includes(action)) return false;
      const { onAction } = message;
      if (action !== 'copy') model.hide();
      if (onAction) guard(() => onAction(action));
      return true;
    },

    setIndicator(kind, label) {
      if (kind !== undefined && !(SUBTITLE_INDICATORS as readonly unknown[]).includes(kind)) {
        throw new TypeError(`subtitle.setIndicator(kind): kind must be one of ${SUBTITLE_INDICATORS.join(', ')} or undefined, got ${describeValue(kind)}`);
      }
      if (label !== undefined && (typeof label !== 'string' || label.trim() === '')) {
        throw new TypeError(`subtitle.setIndicator(kind, label): label must be a non-empty string when given, got ${describeValue(label)}`);
      }
      if (indicator?.kind === kind && indicator?.label === label) return;
      indicator = kind ? Object.freeze({ kind, ...(label ? { label } : {}) }) : undefined;
      setState(state);
    },

    setAvatar(value) {
      avatar = value === undefined ? undefined : readAvatar(value);
      setState(state);
    },

    setTask(value) {
      if (value === task?.source) return;
      task = value === undefined ? undefined : { ...readTask(value), source: value };
      // A new task starts afresh: the word that the previous one was stopped goes.
      const { stopped: _stopped, ...rest } = state;
      setState(task ? rest : state);
    },

    stopTask() {
      const stopping = task;
      if (!stopping) return false;
      // Cleared first, so a stop that ends the run (and clears the task itself) or a second gesture finds none.
      task = undefined;
      setState({ ...state, stopped: true });
      guard(stopping.stop);
      return true;
    },

    holdAutoHide() {
      holds++;
      scheduleAutoHide();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        holdReleases++;
        scheduleAutoHide();
      };
    },
  };

  function readShowInput(input: string | SubtitleShowOptions) {
    const fields: MessageFields = {};
    if (typeof input === 'string') return { text: input, type: 'info' as SubtitleType, fields, paging: {} as SubtitlePaging | false };
    const label = 'subtitle.show(input)';
    if (typeof input !== 'object' || input === null) {
      throw new TypeError(`${label}: input must be a string or { text, type }, got ${describeValue(input)}`);
    }
    assertText(input.text, `${label}: input.text`);
    const type = input.type ?? 'info';
    if (!(SUBTITLE_TYPES as readonly unknown[]).includes(type)) {
      throw new TypeError(`${label}: input.type must be one of ${SUBTITLE_TYPES.join(', ')}, got ${describeValue(type)}`);
    }
    if (input.format !== undefined && input.format !== 'text' && input.format !== 'markdown') {
      throw new TypeError(`${label}: input.format must be "text" or "markdown", got ${describeValue(input.format)}`);
    }
    if (input.format === 'markdown') fields.format = 'markdown';
    if (input.actions !== undefined) {
      if (!Array.isArray(input.actions) || input.actions.some((action) => !(SUBTITLE_ACTIONS as readonly unknown[]).includes(action))) {
        throw new TypeError(`${label}: input.actions must be an array of ${SUBTITLE_ACTIONS.join(', ')}, got ${describeValue(input.actions)}`);
      }
      if (input.actions.length > 0) fields.actions = Object.freeze([...new Set(input.actions)]);
    }
    if (input.onAction !== undefined && typeof input.onAction !== 'function') {
      throw new TypeError(`${label}: input.onAction must be a function, got ${describeValue(input.onAction)}`);
    }
    if (input.persistent !== undefined && typeof input.persistent !== 'boolean') {
      throw new TypeError(`${label}: input.persistent must be a boolean, got ${describeValue(input.persistent)}`);
    }
    if (input.persistent) fields.persistent = true;
    const { autoHide } = input;
    if (autoHide !== undefined && typeof autoHide !== 'boolean' && !(typeof autoHide === 'number' && Number.isFinite(autoHide) && autoHide >= 0)) {
      throw new TypeError(`${label}: input.autoHide must be true, false or a number of ms >= 0, got ${describeValue(autoHide)}`);
    }
    if (!input.persistent && autoHide !== undefined && autoHide !== false && autoHide !== 0) {
      fields.autoHideMs = autoHide === true ? readingDelayMs(input.text, options.readingTime) : autoHide;
    }
    const paging = input.paging ?? {};
    if (paging !== false && (typeof paging !== 'object' || paging === null)) {
      throw new TypeError(`${label}: input.paging must be false or { maxChars?, maxSentences? }, got ${describeValue(paging)}`);
    }
    return { text: input.text, type, fields, paging, onAction: input.onAction };
  }

  return model;
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

const STATE_FIELDS = [
  'visible',
  'text',
  'type',
  'streaming',
  'prompt',
  'format',
  'pages',
  'page',
  'actions',
  'persistent',
  'autoHideMs',
  'indicator',
  'avatar',
  'task',
  'stopped',
] as const;

function sameState(a: SubtitleState, b: SubtitleState): boolean {
  return STATE_FIELDS.every((field) => a[field] === b[field]);
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
