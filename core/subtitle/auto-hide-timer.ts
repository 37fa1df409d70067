import type { SubtitleState } from './subtitle.types.js';

/** Timers, injectable so that tests can move time by hand. */
export interface SubtitleClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

// Read the global timers at call time so that importing this module touches nothing.
export const systemClock: SubtitleClock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface AutoHideTimerOptions {
  clock: SubtitleClock;
  /** The state on screen and the id of its message, read when scheduling and when the time is up. */
  current(): { state: SubtitleState; messageId: number };
  hide(): void;
}

export interface AutoHideTimer {
  /** (Re)starts, keeps or stops the timer for the state on screen; call after every change. */
  schedule(): void;
  /** Holds the message up until the returned function is called; it then gets its full time again. */
  hold(): () => void;
}

/**
 * Hides an `autoHide` message once its time is up: counted from when its last page shows with no
 * stream, no prompt and no hold, and from the start again after each hold.
 */
export function createAutoHideTimer(options: AutoHideTimerOptions): AutoHideTimer {
  const { clock } = options;
  let holds = 0;
  let holdReleases = 0;
  let timer: { handle: unknown; key: string } | undefined;

  const schedule = (): void => {
    const { state, messageId } = options.current();
    const onLastPage = state.pages === undefined || state.page === state.pages.length - 1;
    const due = state.visible && state.autoHideMs !== undefined && !state.streaming && !state.prompt && holds === 0 && onLastPage;
    const key = `${messageId}/${state.page ?? 0}/${holdReleases}`;
    if (due && timer?.key === key) return;
    if (timer) clock.clearTimeout(timer.handle);
    timer = undefined;
    if (!due) return;
    const fire = (): void => {
      timer = undefined;
      const now = options.current();
      if (now.messageId === messageId && now.state.visible && !now.state.prompt && !now.state.streaming) options.hide();
    };
    timer = { key, handle: clock.setTimeout(fire, state.autoHideMs!) };
  };

  return {
    schedule,
    hold() {
      holds++;
      schedule();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        holdReleases++;
        schedule();
      };
    },
  };
}
