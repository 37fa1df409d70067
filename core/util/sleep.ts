import { DddkError } from './dddk-error.js';

/** The rejection of a `sleep` whose signal aborted, when the caller names no other. */
export class SleepAborted extends DddkError<'sleep-aborted'> {
  override readonly name = 'SleepAborted';
  readonly code = 'sleep-aborted';
  constructor() {
    super('sleep aborted');
  }
}

/**
 * Waits `ms`, or rejects as soon as `signal` aborts: with `abortError()` when given (the caller's own
 * error, such as the loop's RunStopped), else with `SleepAborted`.
 */
export function sleep(ms: number, signal?: AbortSignal, abortError: () => unknown = () => new SleepAborted()): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
