import type { DocumentStore } from './document-store.js';
import { DocumentStoreError, StaleWriteError } from './store-errors.js';

export interface HttpDocumentStoreOptions {
  /** The document's URL: `GET` reads it, `PUT` with `If-Match` writes it. */
  readonly url: string;
  /** Defaults to the global `fetch`, looked up on each call. */
  readonly fetch?: typeof fetch;
  /** Extra headers for both requests, e.g. an authorization header. */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * A document behind an HTTP endpoint with ETags. A write sends the ETag it read as `If-Match`, so
 * the server refuses it (409 or 412) when someone else saved in between.
 */
export function createHttpDocumentStore(options: HttpDocumentStoreOptions): DocumentStore {
  const { url, headers = {} } = options;
  if (typeof url !== 'string' || url === '') throw new TypeError('createHttpDocumentStore: `url` must be the document\'s URL.');
  let knownEtag: string | undefined;

  const send = async (init: RequestInit): Promise<Response> => {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') {
      throw new DocumentStoreError('unavailable', 'There is no fetch in this environment; pass `fetch` to createHttpDocumentStore.', { url });
    }
    try {
      return await fetchImpl(url, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new DocumentStoreError('network', `${init.method} ${url} got no answer (${reason}); check the connection and that the server is running.`, { url, cause });
    }
  };

  return {
    async read() {
      const response = await send({ method: 'GET', headers: { accept: 'text/html' } });
      if (!response.ok) throw httpError('GET', url, response);
      const html = await response.text();
      const etag = response.headers.get('etag');
      if (!etag) {
        throw new DocumentStoreError('missing-version', `GET ${url} answered without an ETag, so a later save could overwrite someone else's changes; make the server send an ETag.`, { url });
      }
      knownEtag = etag;
      return html;
    },
    async write({ html }) {
      if (knownEtag === undefined) {
        throw new DocumentStoreError('not-read', `Read ${url} successfully before writing it, so the save can name the version it replaces.`, { url });
      }
      const response = await send({
        method: 'PUT',
        headers: { 'content-type': 'text/html; charset=utf-8', 'if-match': knownEtag },
        body: html,
      });
      if (response.status === 409 || response.status === 412) {
        await response.body?.cancel();
        throw new StaleWriteError(`The page at ${url} changed elsewhere since it was loaded (HTTP ${response.status}); reload it and redo the edit.`);
      }
      if (!response.ok) throw httpError('PUT', url, response);
      await response.body?.cancel();
      // Without a new ETag the next save cannot be checked, so it must read first.
      knownEtag = response.headers.get('etag') ?? undefined;
    },
  };
}

function httpError(method: string, url: string, response: Response): DocumentStoreError {
  void response.body?.cancel().catch(() => undefined);
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return new DocumentStoreError('http', `${method} ${url} failed with HTTP ${response.status}${statusText}.`, { status: response.status, url });
}
