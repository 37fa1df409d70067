import type { KeyValueStorage } from '../storage/key-value-storage.js';
import type { SubtitleClock } from '../subtitle/auto-hide-timer.js';
import type { ReadableStore } from '../util/create-store.js';

/** What a view of the notice renders. */
export interface OfflineNoticeState {
  /** The notice is on screen. */
  readonly visible: boolean;
}

/**
 * Says, once per visitor session, that the agent answers without a model. `getState`/`subscribe`
 * as every model; the rest are the visitor's gestures and the controller's `destroy()`.
 */
export interface OfflineNoticeModel extends ReadableStore<OfflineNoticeState> {
  /** The visitor closed it (its button, Esc): it hides, and stays hidden for the rest of the session. */
  dismiss(): void;
  /** Keeps it on screen while the pointer or focus is on it; the returned function lets it go, with its full time again. */
  holdAutoHide(): () => void;
  /** Stops its timer and takes it off screen (the controller was destroyed). */
  dispose(): void;
}

/** What `createOfflineNoticeModel` needs; `controllerOfflineNotice` gives it the controller's. */
export interface OfflineNoticeModelOptions {
  /** True when the agent runs on the offline guide; otherwise the notice never shows. */
  offline: boolean;
  /** Where "already shown this session" is kept: the page's sessionStorage in a browser. */
  storage: KeyValueStorage;
  /** How long it stays before hiding by itself, in ms (default 8000). */
  autoHideMs?: number;
  /** Timers, injectable so that tests move time by hand. */
  clock?: SubtitleClock;
}

/** `createDddk({ offlineNotice })`: `false` turns it off; an object sets how long it stays. */
export type OfflineNoticeConfig = boolean | { readonly autoHideMs?: number };
