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
}

export interface SubtitleShowOptions {
  text: string;
  type?: SubtitleType;
}

export type SubtitleListener = (state: SubtitleState, previous: SubtitleState) => void;

export interface SubtitleModel {
  getState(): SubtitleState;
  /** Shows a complete text, ending any stream. `type` defaults to `info`. */
  show(input: string | SubtitleShowOptions): void;
  /** Appends a streamed delta. When no stream is running, starts one (type `agent`) from empty text. */
  append(delta: string): void;
  /** Replaces the whole text, keeping the type and whether it is streaming; shows the bar if hidden. */
  replace(text: string): void;
  /** Ends the stream, keeping the text on screen. */
  finalize(): void;
  hide(): void;
  /** Calls `listener` after each change of state; returns the unsubscribe function. */
  subscribe(listener: SubtitleListener): () => void;
}
