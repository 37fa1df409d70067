import type {
  AskAnswer,
  AskRequest,
  PauseDecision,
  PauseHintRequest,
  PromptAnswer,
  SubtitlePrompt,
} from './prompt.types.js';
import type { SubtitlePaging } from './paginate.js';

export const SUBTITLE_TYPES = ['info', 'success', 'warning', 'error', 'agent', 'user'] as const;

/**
 * What the text is: a notice (`info`…`error`), the agent narrating (`agent`), or the user's own
 * words echoed back (`user`, e.g. what a voice engine heard).
 */
export type SubtitleType = (typeof SUBTITLE_TYPES)[number];

/** What the user can do with a message: accept it, reject it, cancel (dismiss) it, or copy its text. */
export const SUBTITLE_ACTIONS = ['accept', 'reject', 'cancel', 'copy'] as const;
export type SubtitleActionName = (typeof SUBTITLE_ACTIONS)[number];

/** What the kit is doing, shown beside the text: hearing the user, working on it, or finished. */
export const SUBTITLE_INDICATORS = ['listening', 'processing', 'done'] as const;
export type SubtitleIndicatorKind = (typeof SUBTITLE_INDICATORS)[number];

export interface SubtitleIndicator {
  readonly kind: SubtitleIndicatorKind;
  /** Replaces the localized label (its accessible name) for this one indicator. */
  readonly label?: string;
}

/** Something running on the visitor's behalf (e.g. an agent's run) that the bar lets them stop. */
export interface SubtitleTask {
  /** What stopping ends, in words (e.g. "Stop the assistant"): the Stop button's accessible description. */
  label?: string;
  /** Ends the task; called at most once, by `stopTask()`. */
  stop(): void;
}

/** The running task as views see it: data only, its `stop` stays with the model. */
export interface SubtitleTaskState {
  readonly label?: string;
}

/** A picture beside the text: an image, or initials when there is none (or it fails to load). */
export interface SubtitleAvatar {
  /** An http(s), relative, or `data:image/…` URL; anything else is refused. */
  readonly src?: string;
  /** One to three characters drawn in a circle. */
  readonly initials?: string;
  /** Who it is, e.g. "Assistant"; the image's text alternative. */
  readonly label: string;
}

export interface SubtitleState {
  readonly visible: boolean;
  /** The text: plain, rendered as text and never as HTML, unless `format` says markdown. */
  readonly text: string;
  readonly type: SubtitleType;
  /** True while deltas are still arriving; `finalize()` or `hide()` ends it. */
  readonly streaming: boolean;
  /** The question or pause hint waiting for the user; absent when nothing is pending. */
  readonly prompt?: SubtitlePrompt;
  /** `markdown` when the text is markdown for views to render sanitized; absent for plain text. */
  readonly format?: 'markdown';
  /** The text cut into pages on sentence ends; present only when it needs more than one. */
  readonly pages?: readonly string[];
  /** The page on screen (0-based); present with `pages`. */
  readonly page?: number;
  /** The buttons the message offers; absent when it offers none. */
  readonly actions?: readonly SubtitleActionName[];
  /** True when the message stays until the user (or the host) takes it away: it never hides by itself. */
  readonly persistent?: boolean;
  /** How long the message stays once read to its last page, when it hides by itself. */
  readonly autoHideMs?: number;
  readonly indicator?: SubtitleIndicator;
  readonly avatar?: SubtitleAvatar;
  /** The task running on the visitor's behalf; while there is one, the bar stays up and offers Stop. */
  readonly task?: SubtitleTaskState;
  /** `stopTask()` ended the task; the next message, task or `hide()` clears it. */
  readonly stopped?: true;
}

export interface SubtitleShowOptions {
  text: string;
  type?: SubtitleType;
  /** `markdown` renders the text as sanitized markdown; default `text`. */
  format?: 'text' | 'markdown';
  /** Buttons to offer; `accept`, `reject` and `cancel` hide the bar, `copy` puts the text on the clipboard. */
  actions?: readonly SubtitleActionName[];
  /** Called with the action the user took (or a gesture took for them). */
  onAction?: (action: SubtitleActionName) => void;
  /** Stays until the user acts on it or closes it; wins over `autoHide`. */
  persistent?: boolean;
  /**
   * Hides the message by itself: `true` after a time proportional to its length, a number after
   * that many ms. Paused while the pointer or focus is on the bar. Default: stays.
   */
  autoHide?: boolean | number;
  /** How much one page holds, or `false` for one page whatever the length; default the model's. */
  paging?: SubtitlePaging | false;
}

export type SubtitleListener = (state: SubtitleState, previous: SubtitleState) => void;

export interface SubtitleModel {
  getState(): SubtitleState;
  /** Shows a complete text, ending any stream. `type` defaults to `info`. A pending prompt stays. */
  show(input: string | SubtitleShowOptions): void;
  /** Appends a streamed delta. When no stream is running, starts one (type `agent`) from empty text. */
  append(delta: string): void;
  /**
   * Replaces the whole text, keeping the type and whether it is streaming; shows the bar if hidden.
   * The new text shows on one page.
   */
  replace(text: string): void;
  /** Ends the stream, keeping the text on screen. */
  finalize(): void;
  /**
   * Hides the bar; a pending prompt is dismissed (reason `hidden`). A running task goes on and keeps
   * the bar up, so that its Stop button stays within reach.
   */
  hide(): void;
  /**
   * Asks the user a question in the bar and settles with the answer. One prompt at a time: a new
   * prompt dismisses the pending one (reason `replaced`).
   */
  ask(request: AskRequest): Promise<AskAnswer>;
  /**
   * Shows `message` with a "Space to continue" hint under the current text, which stays on screen.
   * Settles with `continue` (Space, the button) or `stop` (Esc, dismissal).
   */
  pauseHint(request: PauseHintRequest): Promise<PauseDecision>;
  /** Dismisses the pending prompt, if any: confirm → not accepted, choice/text → null, pause → stop. */
  cancelPrompt(reason?: string): void;
  /**
   * Settles the pending prompt with a view's answer. Returns false when nothing is pending (e.g. a
   * late click after the prompt was cancelled); throws when the answer does not fit the prompt.
   */
  answerPrompt(answer: PromptAnswer): boolean;
  /** Calls `listener` after each change of state; returns the unsubscribe function. */
  subscribe(listener: SubtitleListener): () => void;
  /** Shows the next page of a paged message; false on the last page. */
  nextPage(): boolean;
  /**
   * The user took `action` on the message: its `onAction` hears it, and accept / reject / cancel
   * hide the bar. False when the message does not offer the action.
   */
  act(action: SubtitleActionName): boolean;
  /** Shows an activity indicator (`undefined` removes it). `label` replaces the localized one. */
  setIndicator(kind: SubtitleIndicatorKind | undefined, label?: string): void;
  /** Sets (or with `undefined` removes) the avatar beside every message until changed. */
  setAvatar(avatar: SubtitleAvatar | undefined): void;
  /**
   * Something now runs on the visitor's behalf (`undefined`: it ended). Until then the bar stays up,
   * across messages and `hide()`, and offers a Stop button. Replacing or clearing a task does not
   * stop it; only `stopTask()` does.
   */
  setTask(task: SubtitleTask | undefined): void;
  /** The visitor stops the running task: its `stop` is called once and the task cleared. False when none runs. */
  stopTask(): boolean;
  /**
   * Keeps an auto-hiding message on screen (the pointer or focus is on it) until the returned
   * function is called; then it gets its full time again.
   */
  holdAutoHide(): () => void;
}
