/**
 * The site map's pages as the guide searches them: a title, and a body of everything else the page is
 * known by (its description, notes, aliases, actions and the words of its path).
 */
import type { SitemapPageFacts } from '../types.js';
import { coverageOf } from './match.js';
import { flatten } from './plain-text.js';
import type { VisitorRequest } from './request.js';
import { conceptsIn } from './terms.js';

export interface SitemapPage {
  key: number;
  path: string;
  title: string;
  /** Description, actions, notes, aliases and the path's words: what else the page is known by. */
  body: string;
  /** A `:name` segment stands for a value the guide cannot know, so it cannot go there. */
  navigable: boolean;
}

export function readSitemap(facts: readonly SitemapPageFacts[]): SitemapPage[] {
  const pages: SitemapPage[] = [];
  const seen = new Set<string>();
  for (const { path, title, description, also } of facts) {
    if (seen.has(path)) continue;
    seen.add(path);
    const words = path.split('/').filter((segment) => segment && !segment.startsWith(':')).join(' ');
    pages.push({
      key: pages.length,
      path,
      title: flatten(title),
      body: flatten([description ?? '', ...(also ?? []), words.replace(/[-_]/g, ' ')].join(' ')),
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

export interface SitemapMatch {
  page: SitemapPage;
  coverage: number;
  /** What the title alone covers. */
  titleCoverage: number;
}

/** The pages that cover some of the request, best first: by title, then by what else they are known by. */
export function rankSitemap(pages: readonly SitemapPage[], request: VisitorRequest): SitemapMatch[] {
  const matches: SitemapMatch[] = [];
  for (const page of pages) {
    const title = conceptsIn(page.title);
    const { coverage } = coverageOf(request, title, conceptsIn(page.body), new Set());
    if (coverage > 0) matches.push({ page, coverage, titleCoverage: coverageOf(request, title, new Set(), new Set()).coverage });
  }
  return matches.sort((a, b) => b.coverage - a.coverage || a.page.key - b.page.key);
}
