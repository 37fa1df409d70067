import type { GestureIntent } from '../input/gesture.types.js';
import type { SubtitleKeyHandlers } from './subtitle-keys.js';
import type { SubtitlePromptView } from './prompt-view.types.js';
import type { SubtitleActionName, SubtitleIndicatorKind, SubtitleType } from './subtitle.types.js';

export interface SubtitlePageView {
  /** 1-based, as people count. */
  number: number;
  count: number;
  /** What the counter shows, e.g. "2 / 4". */
  counter: string;
  /** What a screen reader hears for it, e.g. "Page 2 of 4". */
  label: string;
  /** How to reach the next page; empty on the last one. */
  hint: string;
}

/** Everything a view needs to render the subtitle bar, derived from the model's state. */
export interface SubtitleView extends SubtitleKeyHandlers {
  visible: boolean;
  /** The whole text of the message. */
  text: string;
  /** What the bar shows now: the page on screen, or the whole text. */
  displayText: string;
  /** `markdown` texts render as sanitized markdown; streamed text is always plain. */
  format: 'text' | 'markdown';
  type: SubtitleType;
  streaming: boolean;
  /** Attributes of the polite live region that speaks the text. */
  liveRegion: {
    role: 'status';
    'aria-live': 'polite';
    // Not atomic: each sentence is its own node, so a new sentence is read without repeating the others.
    'aria-atomic': 'false';
    'aria-busy': 'true' | 'false';
  };
  /** Spoken before the sentences for notices whose meaning the bar shows by colour (e.g. "Error:"). */
  announcementPrefix: string;
  /** What the live region holds: the finished sentences while streaming, the whole page afterwards; then "Stopped." once a task was stopped. */
  announcement: string[];
  closeButton: { label: string };
  /** False while the bar holds only a running task: closing would change nothing, Stop is the way out. */
  closable: boolean;
  /** The Stop button while a task runs: its text, and what it stops (its accessible description). */
  stop: { label: string; description?: string } | undefined;
  /** The page counter of a paged message. */
  page: SubtitlePageView | undefined;
  /** The message's buttons, in the order accept, reject, cancel, copy. */
  actions: Array<{ action: SubtitleActionName; label: string }>;
  /** Said once the text is on the clipboard, or when the browser refused it. */
  copyStatus: { copied: string; failed: string };
  indicator: { kind: SubtitleIndicatorKind; label: string } | undefined;
  avatar: { src: string | undefined; initials: string; label: string } | undefined;
  /** The question or pause hint waiting for the user, if any. */
  prompt: SubtitlePromptView | undefined;
  /** Something waits for the user's answer, so Space, double Space and Esc are the bar's. */
  awaitingUser: boolean;
  /**
   * A task runs, so Esc and a double Space stop it even when nothing awaits the user; a single
   * Space then stays the page's.
   */
  interruptible: boolean;
  /** Tab would accept something (a confirm, a pause, a message with an accept button). */
  canAcceptLine: boolean;
  /**
   * Applies a gesture: `accept` confirms, continues or turns the page; `reject` rejects or dismisses;
   * `accept-line` accepts the whole message at once; `dismiss` (Esc) rejects a prompt or cancels a
   * message. While a task runs and no prompt is pending, `reject` and `dismiss` stop the task; a
   * prompt keeps them (declining it does not stop the task: that is its asker's call). False when
   * the gesture means nothing here (for `dismiss`: the view should close the bar).
   */
  gesture(intent: GestureIntent): boolean;
  /** The user pressed Stop: stops the task this view shows; false once it has ended or another began. */
  stopTask(): boolean;
  /** The user pressed one of the message's buttons. */
  act(action: SubtitleActionName): boolean;
  nextPage(): boolean;
  /** Hides the bar (the user's close gesture); a pending prompt is dismissed with it. */
  close(): void;
  /** Shows the listening indicator while the user holds Space to speak, and takes it away after. */
  setListening(listening: boolean): void;
}
