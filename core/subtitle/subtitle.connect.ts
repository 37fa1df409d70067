import { connectPrompt, type SubtitlePromptView } from './prompt.connect.js';
import { splitSentences } from './sentences.js';
import { subtitleStrings } from './subtitle.strings.js';
import type { SubtitleModel, SubtitleState, SubtitleType } from './subtitle.types.js';

/** Everything a view needs to render the subtitle bar, derived from the model's state. */
export interface SubtitleView {
  visible: boolean;
  text: string;
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
  /** What the live region holds: the finished sentences while streaming, the whole text afterwards. */
  announcement: string[];
  closeButton: { label: string };
  /** The question or pause hint waiting for the user, if any. */
  prompt: SubtitlePromptView | undefined;
  /** Hides the bar (the user's close gesture); a pending prompt is dismissed with it. */
  close(): void;
}

export function connectSubtitle(model: SubtitleModel, locale: string, state: SubtitleState = model.getState()): SubtitleView {
  const strings = subtitleStrings(locale);
  return {
    visible: state.visible,
    text: state.text,
    type: state.type,
    streaming: state.streaming,
    liveRegion: {
      role: 'status',
      'aria-live': 'polite',
      'aria-atomic': 'false',
      'aria-busy': state.streaming ? 'true' : 'false',
    },
    announcementPrefix: state.visible ? (strings.typeLabels[state.type] ?? '') : '',
    announcement: state.visible ? splitSentences(state.text, !state.streaming) : [],
    closeButton: { label: strings.close },
    prompt: state.prompt ? connectPrompt(model, state.prompt, strings.prompt) : undefined,
    close: () => model.hide(),
  };
}
