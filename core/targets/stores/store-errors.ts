import { DddkError } from '../../util/dddk-error.js';

/** The document changed since this store read it; the write was refused and nothing was merged. */
export class StaleWriteError extends DddkError<'stale-write'> {
  override readonly name = 'StaleWriteError';
  readonly code = 'stale-write';
}

export type DocumentStoreErrorCode =
  /** `write` was called before any successful `read`, so there is no version to check against. */
  | 'not-read'
  /** The stored data is not a document this store wrote; it was left untouched. */
  | 'corrupt'
  /** The storage refused the write for lack of space; the previous document is still stored. */
  | 'quota'
  /** No storage to use (e.g. no `localStorage` outside a browser). */
  | 'unavailable'
  /** The server answered with an HTTP error status. */
  | 'http'
  /** The request never got an answer (offline, DNS, refused connection, CORS). */
  | 'network'
  /** The server's answer lacks the version (ETag) needed for a safe write. */
  | 'missing-version';

/** Any store failure other than a stale write. The message names the cause and what to do. */
export class DocumentStoreError extends DddkError<DocumentStoreErrorCode> {
  override readonly name = 'DocumentStoreError';
  readonly code: DocumentStoreErrorCode;
  /** The HTTP status, for `http` errors. */
  readonly status: number | undefined;
  /** The URL involved, for HTTP stores. */
  readonly url: string | undefined;

  constructor(code: DocumentStoreErrorCode, message: string, details: { status?: number; url?: string; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.status = details.status;
    this.url = details.url;
  }
}
