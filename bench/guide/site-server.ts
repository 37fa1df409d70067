// Serves a benchmark site on loopback: each page is a saved page (a corpus file or one of our own),
// its scripts and refresh/CSP/base tags removed, with the drop-in, a JSON config carrying the site
// map, and a subtitle bar added, as a site owner would drop them into a plain multi-page site.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, serialize, type DefaultTreeAdapterMap } from 'parse5';
import type { GuideSite } from './guide-request.types.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const DIST_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));
const DROPPED_TAGS = new Set(['script', 'base', 'noscript']);
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

export interface SiteServer {
  origin: string;
  close(): Promise<void>;
}

export async function startSiteServer(site: GuideSite): Promise<SiteServer> {
  const pages = new Map<string, string>();
  for (const page of site.pages) pages.set(page.path, await preparePage(page.file, site));
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const html = pages.get(path);
    if (html !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      return;
    }
    if (path.startsWith('/dddk/')) {
      const file = normalize(join(DIST_DIR, path.slice('/dddk/'.length)));
      if (file.startsWith(DIST_DIR)) {
        try {
          const body = await readFile(file);
          response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
          return;
        } catch {
          // falls through to 404
        }
      }
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function preparePage(file: string, site: GuideSite): Promise<string> {
  const document = parse(await readFile(file, 'utf8'));
  strip(document);
  const html = findChild(document, 'html');
  const head = html && findChild(html, 'head');
  const body = html && findChild(html, 'body');
  if (!head || !body) throw new Error(`${file}: no <head> or <body> after parsing`);
  const config = JSON.stringify({ siteName: site.name, sitemap: site.sitemap, locale: site.locale ?? 'en' });
  const addition = parse(
    `<link rel="stylesheet" href="/dddk/theme.css"><script type="application/json" data-dddk-config>${config.replace(/</g, '\\u003c')}</script>` +
      '<script type="module" src="/dddk/dddk.min.js"></script>',
  );
  for (const node of childrenOf(findChild(findChild(addition, 'html')!, 'head')!)) appendTo(head, node);
  const elements = findChild(findChild(parse('<dddk-subtitle></dddk-subtitle><dddk-palette></dddk-palette>'), 'html')!, 'body')!;
  for (const node of childrenOf(elements)) appendTo(body, node);
  return serialize(document);
}

function strip(node: Node): void {
  if (!('childNodes' in node)) return;
  node.childNodes = node.childNodes.filter((child) => {
    if (!('tagName' in child)) return true;
    if (DROPPED_TAGS.has(child.tagName)) return false;
    if (child.tagName === 'meta' && child.attrs.some((attr) => attr.name === 'http-equiv')) return false;
    // Stylesheets and images of the open web never load here; the links would only wait for a timeout.
    if (child.tagName === 'link' && child.attrs.some((attr) => attr.name === 'rel' && /stylesheet|preload|prefetch|import/i.test(attr.value))) return false;
    child.attrs = child.attrs.filter((attr) => !/^on/i.test(attr.name));
    return true;
  });
  for (const child of node.childNodes) strip(child);
  if ('content' in node && node.content) strip(node.content as Node);
}

function childrenOf(node: Element | DefaultTreeAdapterMap['document']): Node[] {
  return [...node.childNodes];
}

function findChild(node: Element | DefaultTreeAdapterMap['document'], tag: string): Element | undefined {
  return node.childNodes.find((child): child is Element => 'tagName' in child && child.tagName === tag);
}

function appendTo(parent: Element, node: Node): void {
  (node as { parentNode: Element | null }).parentNode = parent;
  parent.childNodes.push(node as DefaultTreeAdapterMap['childNode']);
}
