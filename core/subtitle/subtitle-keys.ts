import { isComposingKey } from '../input/keys.js';
import type { GestureIntent } from '../input/gesture.types.js';
import type { SubtitleKeyEvent } from './key-event.js';
import type { SubtitlePromptView } from './prompt-view.types.js';

/** What only the element knows and does, for a key typed in its bar. */
export interface SubtitleKeyPorts {
  /** The key was typed in a surface placed in the bar. */
  readonly fromSurface: boolean;
  /** Cancels the placed surface the key came from, else the newest; false when none is placed. */
  cancelSurface(): boolean;
  /** Asks to close the bar (a listener may refuse); returns whether it closed. */
  requestClose(): boolean;
}

/** What the document's gesture binding should know about the bar, for one key. */
export interface SubtitleGestureContext {
  awaitingUser: boolean;
  interruptible: boolean;
}

/** The bar's own key and touch handlers. */
export interface SubtitleKeyHandlers {
  /**
   * A key typed in the bar that the document's gesture binding left alone. Esc cancels the placed
   * surface it came from (with no prompt pending, the newest one), else declines the pending
   * prompt, else asks to close the bar; Enter and digits go to the prompt.
   */
  onKeyDown(event: SubtitleKeyEvent, ports: SubtitleKeyPorts): void;
  /** A tap on the bar, outside its controls: accepts a pending confirmation or pause, or turns the page. */
  onTap(): boolean;
  /** Whether `key` is the bar's: Space and Esc while something awaits the user, Tab only when it would accept something. */
  gestureContext(key: string): SubtitleGestureContext;
}

export interface SubtitleKeyInput {
  prompt: SubtitlePromptView | undefined;
  gesture(intent: GestureIntent): boolean;
  awaitingUser: boolean;
  canAcceptLine: boolean;
  interruptible: boolean;
  /** A tap means "accept" (a confirmation or pause waits, or a next page). */
  tapAccepts: boolean;
}

export function connectSubtitleKeys(input: SubtitleKeyInput): SubtitleKeyHandlers {
  const { prompt } = input;
  const take = (event: SubtitleKeyEvent): void => {
    event.preventDefault();
    event.stopPropagation();
  };
  return {
    onKeyDown(event, ports) {
      if (event.defaultPrevented || isComposingKey(event)) return;
      if (event.key !== 'Escape') {
        prompt?.onKeyDown(event);
        return;
      }
      if ((ports.fromSurface || !prompt) && ports.cancelSurface()) return take(event);
      if (prompt) {
        prompt.reject();
        return take(event);
      }
      // The page's own Escape handlers (e.g. a dialog underneath) should not also fire for this close.
      if (ports.requestClose()) event.stopPropagation();
    },
    onTap: () => input.tapAccepts && input.gesture('accept'),
    gestureContext: (key) => ({ awaitingUser: key === 'Tab' ? input.canAcceptLine : input.awaitingUser, interruptible: input.interruptible }),
  };
}
