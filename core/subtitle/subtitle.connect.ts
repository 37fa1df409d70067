import { connectPrompt } from './prompt.connect.js';
import { announceSubtitle, displayTextOf } from './subtitle-announcement.js';
import { subtitleGesture } from './subtitle-gesture.js';
import { connectSubtitleKeys } from './subtitle-keys.js';
import type { SubtitlePageView, SubtitleView } from './subtitle-view.types.js';
import { subtitleStrings, type SubtitleStrings } from './subtitle.strings.js';
import type { SubtitleActionName, SubtitleModel, SubtitleState } from './subtitle.types.js';

export type { SubtitlePageView, SubtitleView } from './subtitle-view.types.js';

const ACTION_ORDER: readonly SubtitleActionName[] = ['accept', 'reject', 'cancel', 'copy'];

export function connectSubtitle(model: SubtitleModel, locale: string, state: SubtitleState = model.getState()): SubtitleView {
  const strings = subtitleStrings(locale);
  const prompt = state.prompt ? connectPrompt(model, state.prompt, strings.prompt) : undefined;
  const { displayText, page, morePages } = pageOf(state, strings);
  const offers = (action: SubtitleActionName) => state.actions?.includes(action) ?? false;
  const promptAccepts = prompt?.kind === 'confirm' || prompt?.kind === 'pause';
  // A task alone keeps the bar up with nothing of its own to say: it shows that work goes on.
  const onlyTask = state.task !== undefined && state.text === '' && !state.streaming && !state.prompt && !state.indicator && !state.actions;
  const indicator = state.indicator ?? (onlyTask ? { kind: 'processing' as const } : undefined);
  const current = () => model.getState() === state;
  const gesture = subtitleGesture({ model, state, prompt, morePages });
  const awaitingUser = state.visible && (prompt !== undefined || morePages || offers('accept') || offers('reject') || offers('cancel'));
  const canAcceptLine = state.visible && (promptAccepts || offers('accept'));

  return {
    visible: state.visible,
    text: state.text,
    displayText,
    // A stream is painted as plain text whatever its flag: re-parsing markdown per delta is the slow path.
    format: state.format === 'markdown' && !state.streaming ? 'markdown' : 'text',
    type: state.type,
    streaming: state.streaming,
    ...announceSubtitle(state, strings),
    closeButton: { label: strings.close },
    closable: state.visible && !onlyTask,
    stop: state.task ? { label: strings.task.stop, ...(state.task.label ? { description: state.task.label } : {}) } : undefined,
    page,
    actions: ACTION_ORDER.filter(offers).map((action) => ({ action, label: strings.actions[action] })),
    copyStatus: { copied: strings.copied, failed: strings.copyFailed },
    indicator: indicator ? { kind: indicator.kind, label: indicator.label ?? strings.indicators[indicator.kind] } : undefined,
    avatar: state.avatar ? { src: state.avatar.src, initials: state.avatar.initials ?? '', label: state.avatar.label } : undefined,
    prompt,
    awaitingUser,
    interruptible: state.task !== undefined,
    canAcceptLine,
    gesture,
    act: (action) => current() && model.act(action),
    nextPage: () => current() && model.nextPage(),
    // The task this view shows: streaming deltas renew the state, but not the task.
    stopTask: () => state.task !== undefined && model.getState().task === state.task && model.stopTask(),
    close: () => model.hide(),
    setListening: (listening) => {
      if (listening) model.setIndicator('listening');
      else if (model.getState().indicator?.kind === 'listening') model.setIndicator(undefined);
    },
    ...connectSubtitleKeys({ prompt, gesture, awaitingUser, canAcceptLine, interruptible: state.task !== undefined, tapAccepts: promptAccepts || morePages }),
  };
}

/** The page on screen (or the whole text) and its counter. */
function pageOf(state: SubtitleState, strings: SubtitleStrings): { displayText: string; page: SubtitlePageView | undefined; morePages: boolean } {
  const displayText = displayTextOf(state);
  if (!state.pages) return { displayText, page: undefined, morePages: false };
  const index = state.page ?? 0;
  const count = state.pages.length;
  const morePages = index < count - 1;
  const page = {
    number: index + 1,
    count,
    counter: strings.pageCounter(index + 1, count),
    label: strings.pageLabel(index + 1, count),
    hint: morePages ? strings.nextPageHint : '',
  };
  return { displayText, page, morePages };
}
