import { clip } from './text.js';

const MAX_HREF = 40;
const MAX_QUERY = 24;

/**
 * A link target as short as still tells the model where it leads: same-origin links lose their
 * origin, and long query strings shrink to `?…`; a link to another site shows only that site's host
 * (`//example.org/…`). The whole is capped.
 * Script and empty targets give undefined (the link is a button in disguise).
 */
export function shortHref(href: string, page: URL | undefined): string | undefined {
  if (!href || href === '#' || href.startsWith('javascript:')) return undefined;
  // Pages repeat their link targets (a logo and a headline to the same story): each is parsed once.
  const key = `${page?.href ?? ''} ${href}`;
  if (shortened.has(key)) return shortened.get(key);
  if (shortened.size >= SHORTENED_KEPT) shortened.clear();
  const short = shorten(href, page);
  shortened.set(key, short);
  return short;
}

const shortened = new Map<string, string | undefined>();
const SHORTENED_KEPT = 2_000;

function shorten(href: string, page: URL | undefined): string | undefined {
  let url: URL;
  try {
    url = new URL(href, page);
  } catch {
    return clip(href, MAX_HREF);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return clip(href, MAX_HREF);
  const query = url.search.length > MAX_QUERY ? '?…' : url.search;
  let short: string;
  if (page && url.origin === page.origin) {
    const samePage = url.pathname === page.pathname && url.search === page.search;
    // A link to this very page without a fragment goes nowhere new: it is a button in disguise.
    if (samePage && url.hash.length <= 1) return undefined;
    short = samePage ? url.hash : url.pathname + query + (url.hash.length > 1 ? url.hash : '');
  } else {
    const host = url.host.startsWith('www.') ? url.host.slice(4) : url.host;
    const rest = url.pathname.length > 1 || url.search ? '/…' : '';
    short = `//${host}${rest}`;
  }
  return clip(short, MAX_HREF);
}

/** The page address for the output's first line: complete, unless a long query string would bloat it. */
export function shortPageURL(href: string): string {
  try {
    const url = new URL(href);
    if (url.search.length > 60) url.search = '?…';
    return clip(url.href.replace('?%E2%80%A6', '?…'), 160);
  } catch {
    return clip(href, 160);
  }
}
