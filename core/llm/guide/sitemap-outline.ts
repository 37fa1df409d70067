/**
 * The site map as the system prompt lists it (`serializeSitemap`): one page a line, `path — Title:
 * description`, then `[auth]`/`[admin]`, `[actions: …]`, `(note: …)` or, for a flat list, `(also: …)`.
 */
import { flatten } from './plain-text.js';

export interface SitemapPage {
  key: number;
  path: string;
  title: string;
  /** Description, actions, notes, aliases and the path's words: what else the page is known by. */
  body: string;
  /** A `:name` segment stands for a value the guide cannot know, so it cannot go there. */
  navigable: boolean;
}

const LINE = /^ *(\/[^\s]*) \u2014 (.+)$/;
const TRAILERS: Array<[open: string, close: string]> = [
  // Last written first: each is taken off the end of the line.
  [' (note: ', ')'],
  [' (also: ', ')'],
  [' [actions: ', ']'],
];

export function readSitemap(lines: readonly string[]): SitemapPage[] {
  const pages: SitemapPage[] = [];
  const seen = new Set<string>();
  for (const raw of lines) {
    const match = LINE.exec(raw);
    if (!match) continue;
    const path = match[1]!;
    if (seen.has(path)) continue;
    seen.add(path);
    let rest = match[2]!;
    const extras: string[] = [];
    for (const [open, close] of TRAILERS) {
      const at = rest.lastIndexOf(open);
      if (at >= 0 && rest.endsWith(close)) {
        extras.push(rest.slice(at + open.length, -close.length));
        rest = rest.slice(0, at);
      }
    }
    // Markers written after the description.
    for (const marker of [' [admin]', ' [auth]']) if (rest.endsWith(marker)) rest = rest.slice(0, -marker.length);
    const colon = rest.indexOf(': ');
    const title = flatten(colon >= 0 ? rest.slice(0, colon) : rest);
    const description = colon >= 0 ? rest.slice(colon + 2) : '';
    const words = path.split('/').filter((segment) => segment && !segment.startsWith(':')).join(' ');
    pages.push({
      key: pages.length,
      path,
      title,
      body: flatten([description, ...extras, words.replace(/[-_]/g, ' ')].join(' ')),
      navigable: !path.split('/').some((segment) => segment.startsWith(':') || segment === '*'),
    });
  }
  return pages;
}

/** A URL or path as a comparable path: no origin, query or hash, no trailing slash (except the root). */
export function normalizePath(urlOrPath: string | undefined): string | undefined {
  if (!urlOrPath) return undefined;
  let path: string;
  try {
    path = new URL(urlOrPath, 'http://guide.invalid').pathname;
  } catch {
    return undefined;
  }
  try {
    path = decodeURI(path);
  } catch {
    // Keep the encoded form.
  }
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
