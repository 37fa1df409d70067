import { systemClock } from '../subtitle/auto-hide-timer.js';
import type { KeyValueStorage } from '../storage/key-value-storage.js';
import { createStore } from '../util/create-store.js';
import type { OfflineNoticeModel, OfflineNoticeModelOptions, OfflineNoticeState } from './offline-notice.types.js';

/** The session key; its value says whether the notice was only shown or also dismissed. */
export const OFFLINE_NOTICE_KEY = 'dddk.offline-notice';
/** How long the notice stays, unless `createDddk({ offlineNotice: { autoHideMs } })` says otherwise. */
export const DEFAULT_OFFLINE_NOTICE_MS = 8000;

function alreadySeen(storage: KeyValueStorage): boolean {
  try {
    return storage.get(OFFLINE_NOTICE_KEY) != null;
  } catch {
    // A storage that cannot be read: better shown once too often than never.
    return false;
  }
}

function remember(storage: KeyValueStorage, value: 'shown' | 'dismissed'): void {
  try {
    storage.set(OFFLINE_NOTICE_KEY, value);
  } catch {
    // Nowhere to keep it: the notice may show again on the next page.
  }
}

/**
 * The offline notice of one controller. It shows when it is made (a view asked for it) if the
 * agent runs offline and the visitor has not seen it this session, and hides by itself after
 * `autoHideMs`, counted again from the start after each hold.
 */
export function createOfflineNoticeModel(options: OfflineNoticeModelOptions): OfflineNoticeModel {
  const clock = options.clock ?? systemClock;
  const autoHideMs = options.autoHideMs ?? DEFAULT_OFFLINE_NOTICE_MS;
  const visible = options.offline && !alreadySeen(options.storage);
  const store = createStore<OfflineNoticeState>({ visible }, { name: 'offline notice' });
  let timer: unknown;
  let holds = 0;

  const stopTimer = (): void => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
  };
  const hide = (): void => {
    stopTimer();
    store.setState({ visible: false });
  };
  const startTimer = (): void => {
    stopTimer();
    if (store.getState().visible && holds === 0) timer = clock.setTimeout(hide, autoHideMs);
  };

  if (visible) {
    remember(options.storage, 'shown');
    startTimer();
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    dismiss() {
      if (!store.getState().visible) return;
      remember(options.storage, 'dismissed');
      hide();
    },
    holdAutoHide() {
      holds += 1;
      stopTimer();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        startTimer();
      };
    },
    dispose() {
      hide();
      store.clear();
    },
  };
}
