import type { GestureIntent } from '../input/gesture.types.js';
import { markdownToPlainText } from './markdown-text.js';
import { connectPrompt, type SubtitlePromptView } from './prompt.connect.js';
import { splitSentences } from './sentences.js';
import { subtitleStrings } from './subtitle.strings.js';
import type { SubtitleActionName, SubtitleIndicatorKind, SubtitleModel, SubtitleState, SubtitleType } from './subtitle.types.js';

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
export interface SubtitleView {
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
}

const ACTION_ORDER: readonly SubtitleActionName[] = ['accept', 'reject', 'cancel', 'copy'];

export function connectSubtitle(model: SubtitleModel, locale: string, state: SubtitleState = model.getState()): SubtitleView {
  const strings = subtitleStrings(locale);
  const prompt = state.prompt ? connectPrompt(model, state.prompt, strings.prompt) : undefined;
  const pageIndex = state.page ?? 0;
  const pageCount = state.pages?.length ?? 1;
  const displayText = state.pages ? (state.pages[pageIndex] ?? '') : state.text;
  const morePages = pageIndex < pageCount - 1;
  const offers = (action: SubtitleActionName) => state.actions?.includes(action) ?? false;
  const promptAccepts = prompt?.kind === 'confirm' || prompt?.kind === 'pause';
  // A task alone keeps the bar up with nothing of its own to say: it shows that work goes on.
  const onlyTask = state.task !== undefined && state.text === '' && !state.streaming && !state.prompt && !state.indicator && !state.actions;
  const indicator = state.indicator ?? (onlyTask ? { kind: 'processing' as const } : undefined);
  // The task this view shows: streaming deltas renew the state, but not the task.
  const stopTask = () => state.task !== undefined && model.getState().task === state.task && model.stopTask();

  // Every gesture names the message it was rendered for, so a late key does not act on a newer one.
  const current = () => model.getState() === state;
  const gesture = (intent: GestureIntent): boolean => {
    if (!current()) return false;
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

  return {
    visible: state.visible,
    text: state.text,
    displayText,
    // A stream is painted as plain text whatever its flag: re-parsing markdown per delta is the slow path.
    format: state.format === 'markdown' && !state.streaming ? 'markdown' : 'text',
    type: state.type,
    streaming: state.streaming,
    liveRegion: {
      role: 'status',
      'aria-live': 'polite',
      'aria-atomic': 'false',
      'aria-busy': state.streaming ? 'true' : 'false',
    },
    announcementPrefix: state.visible && displayText !== '' ? (strings.typeLabels[state.type] ?? '') : '',
    announcement: [
      ...(state.visible
        ? splitSentences(state.format === 'markdown' && !state.streaming ? markdownToPlainText(displayText) : displayText, !state.streaming)
        : []),
      // Last, so that a live region adding it to the sentences already read says only this.
      ...(state.stopped ? [strings.task.stopped] : []),
    ],
    closeButton: { label: strings.close },
    closable: state.visible && !onlyTask,
    stop: state.task ? { label: strings.task.stop, ...(state.task.label ? { description: state.task.label } : {}) } : undefined,
    page: state.pages
      ? {
          number: pageIndex + 1,
          count: pageCount,
          counter: strings.pageCounter(pageIndex + 1, pageCount),
          label: strings.pageLabel(pageIndex + 1, pageCount),
          hint: morePages ? strings.nextPageHint : '',
        }
      : undefined,
    actions: ACTION_ORDER.filter(offers).map((action) => ({ action, label: strings.actions[action] })),
    copyStatus: { copied: strings.copied, failed: strings.copyFailed },
    indicator: indicator ? { kind: indicator.kind, label: indicator.label ?? strings.indicators[indicator.kind] } : undefined,
    avatar: state.avatar ? { src: state.avatar.src, initials: state.avatar.initials ?? '', label: state.avatar.label } : undefined,
    prompt,
    awaitingUser: state.visible && (prompt !== undefined || morePages || offers('accept') || offers('reject') || offers('cancel')),
    interruptible: state.task !== undefined,
    canAcceptLine: state.visible && (promptAccepts || offers('accept')),
    gesture,
    act: (action) => current() && model.act(action),
    nextPage: () => current() && model.nextPage(),
    stopTask,
    close: () => model.hide(),
  };
}
