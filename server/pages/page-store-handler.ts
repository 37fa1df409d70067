import { BackendFailure } from './backend-failure.js';
import type { DddkHandler } from '../http/handler.js';
import { jsonError } from '../http/json-error.js';
import { checkHost } from '../http/request-checks.js';
import { describePageIdProblem } from './page-id.js';
import { resolvePageStoreConfig, type PageStoreConfig, type PageStoreHandlerOptions } from './page-store-config.js';
import { readPage } from './read-page.js';
import { writePage } from './write-page.js';

const ALLOWED_METHODS = 'GET, HEAD, PUT';

function storageFailure(error: BackendFailure, request: Request, config: PageStoreConfig): Response {
  config.onError?.(error, request);
  return jsonError(503, 'storage_error', 'The page store could not read or write the page just now; nothing was saved by this request. Try again.', { headers: { 'retry-after': '1' } });
}

/**
 * The page store: `GET|HEAD|PUT <basePath><id>`. Reads answer with a strong ETag; a write needs
 * authorization and `If-Match`, is validated on the server with the region validator, and is
 * swapped in only if the version it was validated against is still the stored one.
 */
export function createPageStoreHandler(options: PageStoreHandlerOptions): DddkHandler {
  const config = resolvePageStoreConfig(options);
  return async (request, context) => {
    const wrongHost = checkHost(request, config.policy);
    if (wrongHost) return wrongHost;
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(config.basePath)) {
      return jsonError(404, 'not_found', `The page store answers under ${config.basePath}<id>; ${JSON.stringify(pathname.slice(0, 100))} is not one of its paths.`);
    }
    const id = pathname.slice(config.basePath.length);
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'PUT') {
      return jsonError(405, 'method_not_allowed', `${method.slice(0, 20)} is not allowed on pages; use GET, HEAD or PUT.`, { headers: { allow: ALLOWED_METHODS } });
    }
    const badId = describePageIdProblem(id);
    if (badId !== undefined) return jsonError(400, 'bad_request', badId);
    try {
      if (method === 'PUT') return await writePage(request, context, id, config);
      if (config.authorizeReads) {
        const authorization = await config.authorize(request, context);
        if (!authorization.ok) return authorization.response;
      }
      return await readPage(request, id, config);
    } catch (error) {
      if (error instanceof BackendFailure) return storageFailure(error, request, config);
      throw error;
    }
  };
}
