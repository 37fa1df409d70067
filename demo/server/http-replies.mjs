// The demo server's own plain-text replies for its static files (the API answers through dddk/server).

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} message
 * @param {Record<string, string>} [headers]
 */
export function sendText(res, status, message, headers = {}) {
  const payload = Buffer.from(`${message}\n`);
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(payload.length),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(res.req?.method === 'HEAD' ? undefined : payload);
}
