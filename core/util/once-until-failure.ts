/**
 * `load` run once and its promise shared, until it rejects: the next call tries again. For what a
 * controller makes on demand over a lazy chunk (the offline guide, the skills, the memory), where a
 * failure (a chunk, a config mistake) must not be cached for the rest of the page.
 */
export function onceUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
