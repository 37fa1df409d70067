import { checkRequestHeaders, readRequestHeaders, sessionRefusal, type RequestHeaders } from '../../util/request-headers.js';
import type { DocumentStore } from './document-store.js';
import { DocumentStoreError, StaleWriteError } from './store-errors.js';

export interface HttpDocumentStoreOptions {
  /** The document's URL: `GET` reads it, `PUT` with `If-Match` writes it. */
  readonly url: string;
  /** Defaults to the global `fetch`, looked up on each call. */
  readonly fetch?: typeof fetch;
  /**
   * Extra headers for both requests, e.g. an authorization header. A function is called before every
   * request; when the server answers 401 with `error.code` `session_expired` or `session_required`,
   * it is called with `{ refresh: true }` and the request is sent once more. `createServerSession().headers`
   * is such a function.
   */
  readonly headers?: RequestHeaders;
}

/**
 * A document behind an HTTP endpoint with ETags. A write sends the ETag it read as `If-Match`, so
 * the server refuses it (409 or 412) when someone else saved in between.
 */
export function createHttpDocumentStore(options: HttpDocumentStoreOptions): DocumentStore {
  const { url, headers } = options;
  if (typeof url !== 'string' || url === '') throw new TypeError('createHttpDocumentStore: `url` must be the document\'s URL.');
  checkRequestHeaders(headers, 'createHttpDocumentStore: `headers`');
  let knownEtag: string | undefined;

  const sendOnce = async (init: RequestInit, refresh: boolean): Promise<Response> => {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') {
      throw new DocumentStoreError('unavailable', 'There is no fetch in this environment; pass `fetch` to createHttpDocumentStore.', { url });
    }
    let extra: Record<string, string>;
    try {
      extra = await readRequestHeaders(headers, refresh);
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new DocumentStoreError('network', `${init.method} ${url} was not sent: the \`headers\` function failed (${reason}); check the function passed to createHttpDocumentStore.`, { url, cause });
    }
    try {
      return await fetchImpl(url, { ...init, headers: { ...extra, ...(init.headers as Record<string, string>) } });
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new DocumentStoreError('network', `${init.method} ${url} got no answer (${reason}); check the connection and that the server is running.`, { url, cause });
    }
  };

  // A refused session is asked for afresh and the request sent once more; a second refusal stands.
  const send = async (init: RequestInit): Promise<Response> => {
    const response = await sendOnce(init, false);
    if (response.status !== 401 || typeof headers !== 'function') return response;
    const body = await response.clone().text().catch(() => '');
    if (!sessionRefusal(response.status, body)) return response;
    await response.body?.cancel().catch(() => undefined);
    return sendOnce(init, true);
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
