/** What a gesture means to the kit; the host decides what each one does. */
export type GestureIntent =
  | 'accept'
  | 'reject'
  | 'voice-start'
  | 'voice-end'
  | 'accept-line'
  | 'dismiss'
  | 'toggle-palette';

/** A keyboard event reduced to what the machine reads, so it can be fed without a DOM. */
export interface GestureKeyEvent {
  type: 'down' | 'up';
  key: string;
  code?: string;
  repeat?: boolean;
  isComposing?: boolean;
  /** The legacy code; 229 means an input method editor owns the key. */
  keyCode?: number;
  /** Milliseconds on any monotonic scale shared by all events of one machine. */
  time: number;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

/** The state of the page around the key, read at the moment of each key. */
export interface GestureContext {
  /** Something (a suggestion, a confirm, a subtitle line) is waiting for the user's answer. */
  awaitingUser: boolean;
  /**
   * Something runs that the user may stop at any moment (an agent's run), though nothing awaits an
   * answer: Esc is `dismiss` and a double tap of Space is `reject`, while a single tap stays the
   * page's (it scrolls as usual) and a hold means nothing. Off with `immediateAccept`, which turns
   * double taps off. `awaitingUser` wins over it.
   */
  interruptible?: boolean;
  /** The key goes to a text field or another control that owns it. */
  typing: boolean;
  paletteOpen: boolean;
  /** `false` leaves Ctrl/⌘+K to someone else (e.g. a palette element with its own shortcut). Default true. */
  paletteShortcut?: boolean;
}

/** What the caller should do with the key it just fed in. */
export interface GestureDecision {
  /** True when the key was taken as a gesture and its default action must not happen. */
  preventDefault: boolean;
  /** Intents emitted by this key itself; intents emitted later by a timer reach listeners only. */
  intents: GestureIntent[];
}

export interface GestureThresholds {
  /** The longest press, in ms, that still counts as a tap. */
  tapMaxMs: number;
  /** Second press must start within this many ms after the first tap ends to make a double tap. */
  doubleTapWindowMs: number;
  /** A press held this long, in ms, starts voice. Must be at least `tapMaxMs`. */
  holdMinMs: number;
  /** Accept on the tap's release instead of waiting out the double-tap window; double tap is then off. */
  immediateAccept: boolean;
}

/** Timers, injectable so that tests can move time by hand. */
export interface GestureClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type GestureListener = (intent: GestureIntent) => void;

/** Names of the machine's states, exposed for views and tests. */
export type GestureStateName = 'idle' | 'pressed' | 'holding' | 'tap-pending' | 'second-press';

export interface GestureMachine {
  readonly state: GestureStateName;
  /** Feeds one key; returns whether to swallow it and what it emitted. */
  handle(event: GestureKeyEvent, context: GestureContext): GestureDecision;
  /** The window lost focus or the page was hidden: end a hold and forget a press in progress. */
  release(): GestureDecision;
  /** Every intent, immediate or timed, reaches the listener. Returns the unsubscribe function. */
  subscribe(listener: GestureListener): () => void;
  /** Cancels pending timers and drops listeners. */
  dispose(): void;
}
