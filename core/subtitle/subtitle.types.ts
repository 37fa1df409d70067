import type {
  AskAnswer,
  AskRequest,
  PauseDecision,
  PauseHintRequest,
  PromptAnswer,
  SubtitlePrompt,
} from './prompt.types.js';

export const SUBTITLE_TYPES = ['info', 'success', 'warning', 'error', 'agent'] as const;

/** What the text is: a notice (`info`…`error`) or the agent narrating (`agent`). */
export type SubtitleType = (typeof SUBTITLE_TYPES)[number];

export interface SubtitleState {
  readonly visible: boolean;
  /** Plain text; views render it as text, never as HTML. */
  readonly text: string;
  readonly type: SubtitleType;
  /** True while deltas are still arriving; `finalize()` or `hide()` ends it. */
  readonly streaming: boolean;
  /** The question or pause hint waiting for the user; absent when nothing is pending. */
  readonly prompt?: SubtitlePrompt;
}

export interface SubtitleShowOptions {
  text: string;
  type?: SubtitleType;
}

export type SubtitleListener = (state: SubtitleState, previous: SubtitleState) => void;

export interface SubtitleModel {
  getState(): SubtitleState;
  /** Shows a complete text, ending any stream. `type` defaults to `info`. A pending prompt stays. */
  show(input: string | SubtitleShowOptions): void;
  /** Appends a streamed delta. When no stream is running, starts one (type `agent`) from empty text. */
  append(delta: string): void;
  /** Replaces the whole text, keeping the type and whether it is streaming; shows the bar if hidden. */
  replace(text: string): void;
  /** Ends the stream, keeping the text on screen. */
  finalize(): void;
  /** Hides the bar; a pending prompt is dismissed (reason `hidden`). */
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
}
