import { DddkError } from './dddk-error.js';

/** The rejection of a `sleep` whose signal aborted, when the caller names no other. */
export class SleepAborted extends DddkError<'sleep-aborted'> {
  override readonly name = 'SleepAborted';
  readonly code = 'sleep-aborted';
  constructor() {
    super('sleep aborted');
  }
}

/** The timers a wait runs on: the global ones, or a clock port that a test can drive. */
export interface SleepTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const GLOBAL_TIMERS: SleepTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Waits `ms` on `timers`, or rejects as soon as `signal` aborts: with `abortError()` when given (the
 * caller's own error, such as the loop's RunStopped), else with `SleepAborted`.
 */
export function sleep(ms: number, signal?: AbortSignal, abortError: () => unknown = () => new SleepAborted(), timers: SleepTimers = GLOBAL_TIMERS): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => {
      timers.clearTimeout(timer);
      reject(abortError());
    };
    const timer = timers.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
