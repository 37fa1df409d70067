import type { RequestContext } from '../http/handler.js';
import { jsonError, jsonResponse } from '../http/json-error.js';
import { mediaType, readBodyWithLimit } from '../http/read-body.js';
import { checkOrigin } from '../http/request-checks.js';
import { matchesStrongly, parseEntityTagCondition, type EntityTagCondition } from './entity-tags.js';
import type { PageStoreConfig } from './page-store-config.js';
import { decodePageText } from './page-text.js';
import { pageChanged, pageNotFound } from './read-page.js';

type WriteCondition = Exclude<EntityTagCondition, { kind: 'invalid' }>;

/** With `If-Match: *` a write that lost a race is checked again on the newer page, this many times in all. */
const ANY_VERSION_ATTEMPTS = 3;

async function discardBody(request: Request): Promise<void> {
  await request.body?.cancel().catch(() => undefined);
}

function charsetProblem(request: Request): string | undefined {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(request.headers.get('content-type') ?? '')?.[1];
  return charset === undefined || /^utf-?8$/i.test(charset) ? undefined : charset;
}

/** The refusals that need no body: origin, authorization, media type, and a readable If-Match. */
async function checkWriteRequest(request: Request, context: RequestContext | undefined, id: string, config: PageStoreConfig): Promise<Response | WriteCondition> {
  const wrongOrigin = checkOrigin(request, config.policy);
  if (wrongOrigin) return wrongOrigin;
  const authorization = await config.authorize(request, context);
  if (!authorization.ok) return authorization.response;
  if (mediaType(request) !== 'text/html') {
    return jsonError(415, 'unsupported_media_type', `A page is saved as "content-type: text/html; charset=utf-8"; got ${JSON.stringify(request.headers.get('content-type') ?? 'no content-type')}.`);
  }
  const charset = charsetProblem(request);
  if (charset !== undefined) return jsonError(415, 'unsupported_media_type', `Pages are stored as UTF-8; got charset=${charset.slice(0, 40)}. Send the page encoded as UTF-8.`);
  const header = request.headers.get('if-match');
  if (header === null) {
    return jsonError(428, 'precondition_required', `Saving page "${id}" needs an If-Match header with the ETag of your last GET (or "*"), so a newer version is never overwritten.`);
  }
  const condition = parseEntityTagCondition(header);
  if (condition.kind === 'invalid') return jsonError(400, 'bad_request', `The If-Match header cannot be read: ${condition.reason}. Send the ETag of your last GET as it came, or "*".`);
  return condition;
}

/**
 * PUT of a page: authorized, a UTF-8 HTML body within the limit, an `If-Match` condition, validated
 * on the server against the stored version, then swapped in only if that version is still there.
 */
export async function writePage(request: Request, context: RequestContext | undefined, id: string, config: PageStoreConfig): Promise<Response> {
  const checked = await checkWriteRequest(request, context, id, config);
  if (checked instanceof Response) {
    await discardBody(request);
    return checked;
  }
  const body = await readBodyWithLimit(request, config.maxBytes);
  if (body.kind === 'too-large') {
    return jsonError(413, 'body_too_large', `The page is larger than this store's limit of ${config.maxBytes} bytes; send a smaller page.`, { headers: { connection: 'close' } });
  }
  if (body.kind === 'aborted') return jsonError(400, 'bad_request', 'The body was cut off before its end; nothing was saved.');
  const text = decodePageText(body.bytes);
  if (!text.ok) return jsonError(400, 'bad_request', `${text.reason} Nothing was saved.`);
  return commitPage(id, text.html, checked, config);
}

/** Read, match, validate, compare-and-swap with the ETag that was validated against. */
async function commitPage(id: string, html: string, condition: WriteCondition, config: PageStoreConfig): Promise<Response> {
  const { backend, validate } = config;
  for (let attempt = 1; ; attempt++) {
    const current = await backend.read(id);
    if (!current) return pageNotFound(id);
    if (condition.kind === 'tags' && !matchesStrongly(condition, current.etag)) return pageChanged(id, current.etag, 'changed since the version named in If-Match');
    const verdict = validate ? await validate({ id, current: current.html, next: html }) : { ok: true as const };
    if (!verdict.ok) return jsonError(422, 'edit_refused', verdict.reason);
    const outcome = await backend.compareAndSwap(id, current.etag, html);
    if (outcome.kind === 'saved') return jsonResponse(200, { ok: true, etag: outcome.etag }, { etag: outcome.etag });
    if (outcome.kind === 'missing') return pageNotFound(id);
    if (condition.kind === 'tags' || attempt >= ANY_VERSION_ATTEMPTS) return pageChanged(id, outcome.etag, 'changed while this write was being checked');
  }
}
