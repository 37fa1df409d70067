import { isComposingKey, type KeyLike } from '../input/keys.js';
import { offlineNoticeStrings } from './offline-notice.strings.js';
import type { OfflineNoticeModel, OfflineNoticeState } from './offline-notice.types.js';

/** A key as the notice reads it: a DOM `KeyboardEvent` is one; a test passes a plain object. */
export interface OfflineNoticeKeyEvent extends KeyLike {
  /** Something else (the palette, a dialog) took the key. */
  readonly defaultPrevented: boolean;
}

/** What a view of the offline notice shows, and its gestures as calls on the model. */
export interface OfflineNoticeView {
  readonly visible: boolean;
  /** Plain text, for a polite live region (`role="status"`) that is on the page before it is filled. */
  readonly text: string;
  readonly dismissButton: { readonly 'aria-label': string };
  /** The close button was pressed. */
  dismiss(): void;
  /** Esc anywhere on the page closes the notice, unless something else took the key or an IME is composing. */
  onPageKeyDown(event: OfflineNoticeKeyEvent): void;
  /** The pointer or focus is on the notice: it stays until the returned function is called. */
  holdAutoHide(): () => void;
}

/** What a view shows for `state`, in `locale`, and its gestures as calls on `model`. */
export function connectOfflineNotice(state: OfflineNoticeState, locale: string, model: OfflineNoticeModel): OfflineNoticeView {
  const strings = offlineNoticeStrings(locale);
  return {
    visible: state.visible,
    text: state.visible ? strings.text : '',
    dismissButton: { 'aria-label': strings.dismiss },
    dismiss: () => model.dismiss(),
    onPageKeyDown(event) {
      if (!model.getState().visible || event.key !== 'Escape' || event.defaultPrevented || isComposingKey(event)) return;
      model.dismiss();
    },
    holdAutoHide: () => model.holdAutoHide(),
  };
}
