import { describeValue } from '../util/describe-value.js';
import { createStore } from '../util/create-store.js';
import { createAutoHideTimer, systemClock, type SubtitleClock } from './auto-hide-timer.js';
import { DEFAULT_PAGING, paginate, type SubtitlePaging } from './paginate.js';
import { checkAnswer, toAskAnswer } from './prompt-answers.js';
import type { PauseDecision, PromptAnswer, SubtitlePrompt } from './prompt.types.js';
import { readAskRequest, readPauseRequest } from './read-prompt-request.js';
import { readAvatar } from './read-avatar.js';
import { assertText, readShowInput } from './read-show-input.js';
import { readTask, type ReadTask } from './read-task.js';
import type { SubtitleReadingTime } from './reading-delay.js';
import { SentenceSpeaker } from './sentence-speaker.js';
import { splitSentences } from './sentences.js';
import { HIDDEN, sameState, withoutPrompt } from './subtitle-state.js';
import { SUBTITLE_ACTIONS, SUBTITLE_INDICATORS, type SubtitleActionName, type SubtitleModel, type SubtitleState } from './subtitle.types.js';

export type { SubtitleClock } from './auto-hide-timer.js';

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

/**
 * The subtitle bar's state and transitions, free of any view. The state lives in a store: each
 * change produces a new frozen state object, so a view can compare states by identity.
 */
export function createSubtitleModel(options: SubtitleModelOptions = {}): SubtitleModel {
  let pending: PendingPrompt | undefined;
  let nextPromptId = 1;
  let nextMessageId = 1;
  let message: MessageExtras = { id: 0, paging: {} };
  let avatar: SubtitleState['avatar'];
  let indicator: SubtitleState['indicator'];
  let task: (ReadTask & { source: object }) | undefined;
  const defaultPaging = { ...DEFAULT_PAGING, ...options.paging };
  const reportError = (error: unknown): void => {
    if (options.onListenerError) options.onListenerError(error);
    else console.error('dddk: a subtitle listener threw', error);
  };
  const store = createStore<SubtitleState>(HIDDEN, { name: 'subtitle', onListenerError: reportError });
  const state = store.getState;
  const autoHide = createAutoHideTimer({
    clock: options.clock ?? systemClock,
    current: () => ({ state: state(), messageId: message.id }),
    hide: () => model.hide(),
  });
  const speaker = options.onSpeak ? new SentenceSpeaker((sentence) => guard(() => options.onSpeak!(sentence))) : undefined;

  function guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      reportError(error);
    }
  }

  const setState = (next: SubtitleState): void => {
    const composed = withSharedFields(next);
    if (sameState(state(), composed)) return;
    store.setState(composed);
    autoHide.schedule();
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
    const current = state();
    if (!composed.visible && keptUp) return { ...composed, visible: true };
    if (composed.visible && composed.text === '' && !composed.streaming && !composed.prompt && !keptUp && (current.indicator || current.task)) {
      return { ...withSharedFields(HIDDEN), ...(composed.stopped ? { stopped: true } : {}) };
    }
    return composed;
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
    setState(withoutPrompt(state()));
    current.settle(answer, reason);
  };

  // A replaced prompt settles after the new one is on screen, so the bar does not blink in between.
  const openPrompt = <Result>(prompt: SubtitlePrompt, toResult: (answer: PromptAnswer | undefined, reason: string) => Result) =>
    new Promise<Result>((resolve) => {
      const replaced = takePending();
      pending = { prompt, settle: (answer, reason) => resolve(toResult(answer, reason)) };
      setState({ ...state(), visible: true, prompt });
      replaced?.settle(undefined, 'replaced');
    });

  // Notices and narration may arrive while a question waits; the question stays.
  const keptPrompt = (): Pick<SubtitleState, 'prompt'> => (state().prompt ? { prompt: state().prompt! } : {});

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
    const { pages, page, text } = state();
    for (const sentence of splitSentences(pages ? pages[page ?? 0]! : text, true)) guard(() => options.onSpeak!(sentence));
  };

  const model: SubtitleModel = {
    getState: () => store.getState(),

    show(input) {
      const shown = readShowInput(input, options.readingTime);
      newMessage({ paging: shown.paging, ...(shown.onAction ? { onAction: shown.onAction } : {}) });
      setState({ visible: true, text: shown.text, type: shown.type, streaming: false, ...keptPrompt(), ...shown.fields, ...pagesOf(shown.text) });
      speakPage();
    },

    append(delta) {
      assertText(delta, 'subtitle.append(delta): delta');
      if (state().streaming) {
        setState({ ...state(), text: state().text + delta });
      } else {
        newMessage();
        setState({ visible: true, text: delta, type: 'agent', streaming: true, ...keptPrompt() });
      }
      speaker?.update(state().text);
    },

    replace(text) {
      assertText(text, 'subtitle.replace(text): text');
      // Pages belong to a shown text; a replaced text (often a stream's last word) shows whole.
      const { pages: _pages, page: _page, ...rest } = state();
      setState({ ...rest, visible: true, text });
      speaker?.update(text);
      if (!state().streaming) speaker?.flush();
    },

    finalize() {
      if (!state().streaming) return;
      setState({ ...state(), streaming: false });
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
      // Each listener hears the state it saw last as `previous`.
      let previous = store.getState();
      return store.subscribe((next) => {
        const before = previous;
        previous = next;
        listener(next, before);
      });
    },

    nextPage() {
      const { pages, page = 0 } = state();
      if (!pages || page >= pages.length - 1) return false;
      setState({ ...state(), page: page + 1 });
      speakPage();
      return true;
    },

    act(action) {
      if (!(SUBTITLE_ACTIONS as readonly unknown[]).includes(action)) {
        throw new TypeError(`subtitle.act(action): action must be one of ${SUBTITLE_ACTIONS.join(', ')}, got ${describeValue(action)}`);
      }
      if (!state().visible || !state().actions?.includes(action)) return false;
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
      setState(state());
    },

    setAvatar(value) {
      avatar = value === undefined ? undefined : readAvatar(value);
      setState(state());
    },

    setTask(value) {
      if (value === task?.source) return;
      task = value === undefined ? undefined : { ...readTask(value), source: value };
      // A new task starts afresh: the word that the previous one was stopped goes.
      const { stopped: _stopped, ...rest } = state();
      setState(task ? rest : state());
    },

    stopTask() {
      const stopping = task;
      if (!stopping) return false;
      // Cleared first, so a stop that ends the run (and clears the task itself) or a second gesture finds none.
      task = undefined;
      setState({ ...state(), stopped: true });
      guard(stopping.stop);
      return true;
    },

    holdAutoHide: () => autoHide.hold(),
  };

  return model;
}
