import type { GestureIntent } from '../input/gesture.types.js';
import type { SubtitlePromptView } from './prompt-view.types.js';
import type { SubtitleActionName, SubtitleModel, SubtitleState } from './subtitle.types.js';

export interface SubtitleGestureInput {
  model: SubtitleModel;
  /** The state the view was rendered for: a gesture on a newer one does nothing. */
  state: SubtitleState;
  prompt: SubtitlePromptView | undefined;
  morePages: boolean;
}

/** The gestures of the bar (see `SubtitleView.gesture`), each checked against the state it was rendered for. */
export function subtitleGesture({ model, state, prompt, morePages }: SubtitleGestureInput): (intent: GestureIntent) => boolean {
  const offers = (action: SubtitleActionName) => state.actions?.includes(action) ?? false;
  return (intent) => {
    // Every gesture names the message it was rendered for, so a late key does not act on a newer one.
    if (model.getState() !== state) return false;
    switch (intent) {
      case 'accept':
        if (prompt) return prompt.accept();
        if (morePages) return model.nextPage();
        return offers('accept') && model.act('accept');
      case 'accept-line':
        if (prompt) return prompt.accept();
        return offers('accept') && model.act('accept');
      case 'reject':
        if (prompt) return prompt.reject();
        if (state.task) return model.stopTask();
        if (offers('reject')) return model.act('reject');
        if (offers('cancel')) return model.act('cancel');
        if (!state.visible) return false;
        model.hide();
        return true;
      case 'dismiss':
        if (prompt) return prompt.reject();
        if (state.task) return model.stopTask();
        return offers('cancel') && model.act('cancel');
      default:
        return false;
    }
  };
}
