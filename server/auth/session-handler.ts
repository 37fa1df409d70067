import type { DddkHandler } from '../http/handler.js';
import { jsonError, jsonResponse } from '../http/json-error.js';
import { checkHost, checkOrigin, type OriginPolicy } from '../http/request-checks.js';
import type { SessionTokens } from './session-tokens.js';
import { bearerToken } from './authorize.js';

export interface SessionHandlerOptions extends OriginPolicy {
  readonly tokens: SessionTokens;
}

/**
 * `GET` gives the page a session token: `{ token, expiresAt }`. A request that still holds a valid
 * token keeps its visitor id, so renewing a token does not reset the visitor's limits. No CORS
 * headers are sent, so no other origin can read the answer.
 */
export function createSessionHandler(options: SessionHandlerOptions): DddkHandler {
  const { tokens } = options;
  return async (request) => {
    const wrongHost = checkHost(request, options);
    if (wrongHost) return wrongHost;
    if (request.method !== 'GET') {
      return jsonError(405, 'method_not_allowed', 'The session endpoint answers GET only.', { headers: { allow: 'GET' } });
    }
    const refused = checkOrigin(request, options);
    if (refused) return refused;
    const held = bearerToken(request);
    const check = held === undefined ? undefined : await tokens.verify(held);
    const { token, claims } = await tokens.issue(check?.ok ? check.claims.visitor : undefined);
    return jsonResponse(200, { token, expiresAt: claims.expiresAt });
  };
}
