/** There is no storage to use here (no `localStorage` in Node, say); the fallback names it `unavailable`. */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
}
