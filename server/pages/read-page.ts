import { jsonError } from '../http/json-error.js';
import { documentHeaders } from './document-headers.js';
import { matchesStrongly, matchesWeakly, parseEntityTagCondition } from './entity-tags.js';
import type { PageStoreConfig } from './page-store-config.js';

const encoder = new TextEncoder();

export function pageNotFound(id: string): Response {
  return jsonError(404, 'not_found', `There is no page "${id}". Pages are not created over HTTP: the site creates them through its page backend's seed().`);
}

/** A 412 naming the current version, in the `etag` header and the body, so the client can reload it. */
export function pageChanged(id: string, etag: string, detail: string): Response {
  return jsonError(412, 'precondition_failed', `Page "${id}" ${detail}; GET it again and redo the edit on the current version.`, { headers: { etag }, extra: { etag } });
}

function badCondition(header: string, reason: string): Response {
  return jsonError(400, 'bad_request', `The ${header} header cannot be read: ${reason}. Send "*" or a comma-separated list of quoted ETags.`);
}

/**
 * GET and HEAD of a page, with RFC 9110's conditions: `If-Match` (strong comparison; 412 when it
 * fails) and `If-None-Match` (weak comparison; 304 when the client's copy is current).
 */
export async function readPage(request: Request, id: string, config: PageStoreConfig): Promise<Response> {
  const page = await config.backend.read(id);
  if (!page) return pageNotFound(id);
  const ifMatch = request.headers.get('if-match');
  if (ifMatch !== null) {
    const condition = parseEntityTagCondition(ifMatch);
    if (condition.kind === 'invalid') return badCondition('If-Match', condition.reason);
    if (condition.kind === 'tags' && !matchesStrongly(condition, page.etag)) return pageChanged(id, page.etag, 'is no longer at the version named in If-Match');
  }
  const headers = documentHeaders(id, page.etag, config.serveAs);
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch !== null) {
    const condition = parseEntityTagCondition(ifNoneMatch);
    if (condition.kind === 'invalid') return badCondition('If-None-Match', condition.reason);
    if (condition.kind === 'any' || matchesWeakly(condition, page.etag)) {
      const { 'content-type': _type, ...notModified } = headers;
      return new Response(null, { status: 304, headers: notModified });
    }
  }
  const bytes = encoder.encode(page.html);
  return new Response(request.method === 'HEAD' ? null : bytes, { status: 200, headers: { ...headers, 'content-length': String(bytes.byteLength) } });
}
