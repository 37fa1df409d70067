/**
 * `promise`, or a rejection with `reason()` as soon as `signal` aborts, whichever comes first. A wait
 * cut short leaves the promise running; its late rejection is caught here, so none goes unhandled.
 */
export function raceAbort<T>(promise: Promise<T> | T, signal: AbortSignal, reason: () => unknown): Promise<T> {
  const pending = Promise.resolve(promise);
  pending.catch(() => {});
  if (signal.aborted) return Promise.reject(reason());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reason());
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
