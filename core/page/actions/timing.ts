/**
 * Waits `ms`, or less when `signal` aborts. Resolves `true` when the full time passed and `false`
 * when it was cut short, so callers decide how to report a cancellation.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, Math.max(0, ms));
    function onAbort() {
      clearTimeout(timer);
      resolve(false);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Rejects-free race: resolves with the promise's outcome, or `{ aborted: true }` once `signal` aborts. */
export function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal,
): Promise<{ aborted: false; value: T } | { aborted: false; error: unknown } | { aborted: true }> {
  if (signal.aborted) return Promise.resolve({ aborted: true });
  return new Promise((resolve) => {
    const onAbort = () => resolve({ aborted: true });
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ aborted: false, value });
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ aborted: false, error });
      },
    );
  });
}

/** The next animation frame, or a short timeout in a tab that paints no frames. */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 50);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
