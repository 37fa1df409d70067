/** An error's message for the palette to show. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A host's source may answer at once or with a promise. */
export function isPromiseLike<T>(value: unknown): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
