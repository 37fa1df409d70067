import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Authorize } from '../../../server/auth/authorize.js';
import type { DddkHandler } from '../../../server/http/handler.js';
import { jsonError } from '../../../server/http/json-error.js';
import { toNodeListener } from '../../../server/node/node-listener.js';

/** A page with two regions and markup around them that a write must leave alone. */
export const SEED_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Home</title></head>
<body>
<header><h1>Site</h1></header>
<main data-agent-element="intro"><p>Welcome.</p></main>
<aside data-agent-element="news"><ul><li>First</li></ul></aside>
<footer>© Site</footer>
</body>
</html>
`;

/** The page with the content of one region replaced, as the client's region target writes it. */
export function withRegion(html: string, handle: string, content: string): string {
  const open = html.indexOf(`data-agent-element="${handle}"`);
  const start = html.indexOf('>', open) + 1;
  const tag = html.slice(html.lastIndexOf('<', open) + 1, open).trim();
  const end = html.indexOf(`</${tag}>`, start);
  if (open < 0 || end < 0) throw new Error(`withRegion: no region ${handle}`);
  return html.slice(0, start) + content + html.slice(end);
}

export const EDITOR_TOKEN = 'editor-secret';

/** Admits requests carrying `Authorization: Bearer editor-secret`; refuses others with a 401 of its own. */
export const editorAuthorize: Authorize = (request) =>
  request.headers.get('authorization') === `Bearer ${EDITOR_TOKEN}`
    ? { ok: true, visitor: 'editor' }
    : { ok: false, response: jsonError(401, 'session_required', 'editors only (test)') };

export const EDITOR_HEADERS: Readonly<Record<string, string>> = { authorization: `Bearer ${EDITOR_TOKEN}` };

/** A handler served over real HTTP on 127.0.0.1, as a host mounts it on node:http. */
export async function serveOverHttp(handler: DddkHandler): Promise<{ readonly origin: string; close(): Promise<void> }> {
  const server = http.createServer(toNodeListener(handler));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
