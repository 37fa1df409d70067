import type { RequestContext } from '../http/handler.js';
import { jsonError } from '../http/json-error.js';
import { checkOrigin, type OriginPolicy } from '../http/request-checks.js';
import type { SessionTokens } from './session-tokens.js';

/** Who may make a request: a visitor id for the limits, or the refusal to send. */
export type Authorization = { readonly ok: true; readonly visitor: string } | { readonly ok: false; readonly response: Response };

/**
 * The host's decision on a request. The default (`sessionAuthorize`) admits the site's own pages
 * holding a session token; a host with its own login checks that instead (an editor role for page
 * writes, say).
 */
export type Authorize = (request: Request, context?: RequestContext) => Authorization | Promise<Authorization>;

export interface SessionAuthorizeOptions extends OriginPolicy {
  readonly tokens: SessionTokens;
}

/** The bearer token of an `Authorization` header, or undefined. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Same-origin requests carrying a token from the session endpoint. A page on another origin cannot
 * read the token (the endpoint sends no CORS headers), and a beacon, a form post or a `no-cors`
 * fetch cannot set the `Authorization` header, so none of them is admitted.
 */
export function sessionAuthorize(options: SessionAuthorizeOptions): Authorize {
  const { tokens } = options;
  return async (request) => {
    const refused = checkOrigin(request, options);
    if (refused) return { ok: false, response: refused };
    const token = bearerToken(request);
    if (token === undefined) {
      return { ok: false, response: jsonError(401, 'session_required', 'This endpoint needs a session token: GET the session endpoint (by default /api/session) from the page and send `Authorization: Bearer <token>`.', { headers: { 'www-authenticate': 'Bearer' } }) };
    }
    const check = await tokens.verify(token);
    if (check.ok) return { ok: true, visitor: check.claims.visitor };
    if (check.reason === 'expired') {
      return { ok: false, response: jsonError(401, 'session_expired', 'The session token has expired: get a new one from the session endpoint and send the request again.', { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } }) };
    }
    return { ok: false, response: jsonError(401, 'session_invalid', 'The session token is not one this server issued (or its secret changed): get a new one from the session endpoint.', { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } }) };
  };
}
