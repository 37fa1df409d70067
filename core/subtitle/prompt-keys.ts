import { hasCommandModifier, isComposingKey, isKeyActivatedControl, isTypingTarget } from '../input/keys.js';
import { keyOrigin, type SubtitleKeyEvent } from './key-event.js';

/** The gestures of a pending prompt that its keys lead to. */
export interface PromptKeyActions {
  accept(): boolean;
  chooseByShortcut(key: string): boolean;
}

/** The key handlers of a pending prompt. */
export interface PromptKeyHandlers {
  /**
   * A key typed in the bar: a digit picks a choice; Space and Enter accept, unless a field or a
   * control of their own has them. Prevents the key's default when it answered; returns whether it did.
   */
  onKeyDown(event: SubtitleKeyEvent): boolean;
  /**
   * A key typed elsewhere on the page (the view leaves out the bar's own keys): Enter and digits
   * answer as in the bar, while Space and Esc are left to the gesture binding, and the page's fields
   * keep every key.
   */
  onPageKeyDown(event: SubtitleKeyEvent): boolean;
}

export function connectPromptKeys(actions: PromptKeyActions): PromptKeyHandlers {
  const answerByKey = (event: SubtitleKeyEvent): boolean => {
    const origin = keyOrigin(event);
    if (hasCommandModifier(event) || isTypingTarget(origin)) return false;
    if (/^[1-9]$/.test(event.key)) return actions.chooseByShortcut(event.key);
    if ((event.key === ' ' || event.key === 'Enter') && !isKeyActivatedControl(origin)) return actions.accept();
    return false;
  };
  const take = (event: SubtitleKeyEvent): boolean => {
    if (!answerByKey(event)) return false;
    event.preventDefault();
    return true;
  };

  return {
    onKeyDown: (event) => !event.defaultPrevented && !isComposingKey(event) && take(event),
    onPageKeyDown(event) {
      if (event.defaultPrevented || isComposingKey(event) || hasCommandModifier(event)) return false;
      if (event.key === ' ' || event.key === 'Escape') return false;
      return take(event);
    },
  };
}
