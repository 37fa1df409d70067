import { DddkError } from '../util/dddk-error.js';

/** There is no storage to use here (no `localStorage` in Node, say); the fallback names it `unavailable`. */
export class StorageUnavailableError extends DddkError<'storage-unavailable'> {
  override readonly name = 'StorageUnavailableError';
  readonly code = 'storage-unavailable';
}
