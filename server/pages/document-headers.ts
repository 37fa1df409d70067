import { pageSecurityHeaders } from '../http/security-headers.js';

/**
 * How stored documents are served. `data` (the default) makes a document unable to run as a page of
 * the site: a download when opened, and sandboxed without scripts (so an opaque origin) if rendered.
 * `page` serves it as one of the site's pages under the site's page policy; the host opts into that,
 * knowing every write was validated.
 */
export type ServeAs = 'data' | 'page';

// `sandbox` without `allow-scripts`: no script runs and the document gets an opaque origin, so it can
// read nothing of the site's. Inline styles and images keep a preview legible.
export const STORED_DOCUMENT_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src * data:";

/** The headers of a served document (GET, HEAD and 304 alike), its ETag included. */
export function documentHeaders(id: string, etag: string, serveAs: ServeAs): Record<string, string> {
  const common = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', etag };
  if (serveAs === 'page') return { ...pageSecurityHeaders(), ...common };
  return {
    ...common,
    'content-disposition': `attachment; filename="${id}.html"`,
    'content-security-policy': STORED_DOCUMENT_CSP,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
  };
}
