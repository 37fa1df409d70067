/**
 * Headers on every API answer: it is data, never a page. A JSON error opened in a tab cannot run,
 * be framed, be sniffed into HTML, or be read by another origin's page through a `<script>` tag.
 */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
});

/**
 * Headers for a site's pages: scripts only from the site itself (no inline script, no eval, unless
 * `scriptSources` adds a source), no framing by other origins, no referrer leaking paths to other sites.
 */
export function pageSecurityHeaders(options: { readonly connectSources?: readonly string[]; readonly scriptSources?: readonly string[] } = {}): Record<string, string> {
  const connect = ["'self'", ...(options.connectSources ?? [])].join(' ');
  const scripts = ["'self'", ...(options.scriptSources ?? [])].join(' ');
  return {
    'content-security-policy': [
      "default-src 'self'",
      `script-src ${scripts}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      `connect-src ${connect}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'self'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'SAMEORIGIN',
  };
}
