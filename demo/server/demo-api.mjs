// The demo's API, made only of dddk/server's handlers: the session endpoint, the LLM proxy and the
// page store, behind one router. Nothing here re-implements what the kit's server half does.
import {
  createLlmProxy,
  createPageStoreHandler,
  createSessionHandler,
  createSessionTokens,
  jsonError,
  jsonResponse,
  sessionAuthorize,
} from 'dddk/server';
import { filePageBackend } from 'dddk/server/node';
import { publicLlmStatus } from './llm-config.mjs';

export const LLM_PREFIX = '/api/llm/';
export const PAGES_PREFIX = '/api/pages/';
export const SESSION_PATH = '/api/session';

/**
 * @param {{
 *   llm: import('./llm-config.mjs').LlmUpstreamConfig | undefined,
 *   contentDir: string,
 *   allowedHosts: string[],
 *   sessionSecret: string | undefined,
 *   maxBodyBytes?: number,
 *   onError?: (error: unknown) => void,
 * }} options
 * @returns {Promise<import('dddk/server').DddkHandler>}
 */
export async function createDemoApi({ llm, contentDir, allowedHosts, sessionSecret, maxBodyBytes, onError }) {
  const policy = { allowedHosts };
  const tokens = createSessionTokens(sessionSecret ? { secret: sessionSecret } : {});
  const session = createSessionHandler({ tokens, ...policy });
  const proxy = createLlmProxy({
    upstream: llm ? { kind: llm.kind, baseUrl: llm.baseUrl, ...(llm.apiKey ? { apiKey: llm.apiKey } : {}) } : undefined,
    tokens,
    ...policy,
    ...(llm?.model ? { models: [llm.model] } : {}),
    ...(maxBodyBytes ? { limits: { maxBodyBytes } } : {}),
    ...(onError ? { onError } : {}),
  });
  const backend = filePageBackend({ dir: contentDir });
  await backend.ready;
  // Anyone with a session may edit the demo's pages; a real site checks its editors' login here.
  const pages = createPageStoreHandler({ backend, authorize: sessionAuthorize({ tokens, ...policy }), basePath: PAGES_PREFIX, ...policy });

  return async (request, context) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/health') {
      if (request.method !== 'GET' && request.method !== 'HEAD') return jsonError(405, 'method_not_allowed', 'Use GET.', { headers: { allow: 'GET, HEAD' } });
      return jsonResponse(200, { ok: true, llm: publicLlmStatus(llm) });
    }
    if (pathname === SESSION_PATH) return session(request, context);
    if (pathname.startsWith(LLM_PREFIX)) return proxy(request, context);
    if (pathname.startsWith(PAGES_PREFIX)) return pages(request, context);
    return jsonError(404, 'not_found', `Not found: ${pathname.slice(0, 200)}`);
  };
}
