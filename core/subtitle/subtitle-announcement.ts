/**
 * What the bar's live region says, on its own: `<dddk-subtitle>` renders the region from the first
 * paint, before the bar's view (and the rest of `connectSubtitle`: prompts, keys, gestures) has loaded.
 */
import { markdownToPlainText } from './markdown-text.js';
import { splitSentences } from './sentences.js';
import type { SubtitleView } from './subtitle-view.types.js';
import type { SubtitleStrings } from './subtitle.strings.js';
import type { SubtitleState } from './subtitle.types.js';

export type SubtitleAnnouncement = Pick<SubtitleView, 'liveRegion' | 'announcementPrefix' | 'announcement'>;

/** The page on screen of a paged message, or the whole text. */
export function displayTextOf(state: SubtitleState): string {
  return state.pages ? (state.pages[state.page ?? 0] ?? '') : state.text;
}

export function announceSubtitle(state: SubtitleState, strings: SubtitleStrings): SubtitleAnnouncement {
  const displayText = displayTextOf(state);
  const plain = () => (state.format === 'markdown' && !state.streaming ? markdownToPlainText(displayText) : displayText);
  return {
    liveRegion: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'false', 'aria-busy': state.streaming ? 'true' : 'false' },
    announcementPrefix: state.visible && displayText !== '' ? (strings.typeLabels[state.type] ?? '') : '',
    // The finished sentences while streaming, the whole page afterwards; "Stopped." last, so that a
    // live region adding it to the sentences already read says only this.
    announcement: [...(state.visible ? splitSentences(plain(), !state.streaming) : []), ...(state.stopped ? [strings.task.stopped] : [])],
  };
}
