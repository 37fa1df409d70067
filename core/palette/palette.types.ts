export interface PaletteState {
  readonly open: boolean;
  /** What the user has typed, as typed. */
  readonly query: string;
  /** Recently submitted texts, newest first, without repeats. */
  readonly history: readonly string[];
}

export type PaletteListener = (state: PaletteState, previous: PaletteState) => void;

export interface PaletteSubmitOptions {
  /** The text to submit; defaults to the current query. */
  text?: string;
  /**
   * `false` records the text and closes without calling `onSubmit`, for a view whose host took the
   * text itself (a cancelled `dddk-submit`). Default true.
   */
  deliver?: boolean;
}

export interface PaletteModel {
  getState(): PaletteState;
  open(): void;
  /** Closes and clears the query. */
  close(): void;
  toggle(): void;
  setQuery(query: string): void;
  /**
   * Submits the trimmed text: remembers it in the history, closes, then hands it to `onSubmit`.
   * Returns the submitted text, or `undefined` when it was blank (nothing happens then).
   */
  submit(options?: PaletteSubmitOptions): string | undefined;
  clearHistory(): void;
  /** Calls `listener` after each change of state; returns the unsubscribe function. */
  subscribe(listener: PaletteListener): () => void;
}
