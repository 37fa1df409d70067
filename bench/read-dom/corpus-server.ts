// Serves the saved corpus pages on loopback so a browser can load them without reaching the network.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The saved pages live beside the checkout, in `../shared/corpus/pages`. */
export const corpusPagesDir = fileURLToPath(new URL('../../../shared/corpus/pages/', import.meta.url));

export function corpusPageNames(): string[] {
  return readdirSync(corpusPagesDir)
    .filter((name) => name.endsWith('.html'))
    .sort();
}

export interface CorpusServer {
  origin: string;
  pageURL(name: string): string;
  close(): Promise<void>;
}

/** Only `/pages/<name>.html` exists; every other path (a page's images, styles) answers 404 at once. */
export async function startCorpusServer(): Promise<CorpusServer> {
  const server = createServer(async (request, response) => {
    const match = /^\/pages\/([\w.-]+\.html)$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(join(corpusPagesDir, match[1]!));
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pageURL: (name) => `${origin}/pages/${name}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
