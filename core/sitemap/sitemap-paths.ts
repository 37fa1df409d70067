import type { SitemapNode } from './sitemap.types.js';

/** Splits a path into its segments, ignoring empty ones: `/a//b/` → `['a', 'b']`. */
export function pathSegments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** Joins a parent path and a child key (`'/'` + `'pricing'` → `/pricing`), tolerating stray slashes. */
export function joinPath(parent: string, key: string): string {
  const segments = [...pathSegments(parent), ...pathSegments(key)];
  return `/${segments.join('/')}`;
}

/** A page of the tree with its full path, its depth and whether a page above it gates it. */
export interface WalkedNode {
  path: string;
  node: SitemapNode;
  depth: number;
  /** Sign-in required here or by a page above. */
  gatedByAuth: boolean;
  /** Administrator required here or by a page above. */
  gatedByAdmin: boolean;
}

/**
 * Visits every page depth first, parents before children, in the order the host wrote them.
 * `skipHidden` leaves out hidden pages together with the pages under them.
 */
export function walkSitemap(root: SitemapNode, options: { rootPath?: string; skipHidden?: boolean } = {}): WalkedNode[] {
  const out: WalkedNode[] = [];
  const visit = (node: SitemapNode, path: string, depth: number, auth: boolean, admin: boolean): void => {
    if (options.skipHidden && node.hidden) return;
    const gatedByAdmin = admin || node.requiresAdmin === true;
    const gatedByAuth = auth || gatedByAdmin || node.requiresAuth === true;
    out.push({ path, node, depth, gatedByAuth, gatedByAdmin });
    for (const [key, child] of Object.entries(node.children ?? {})) {
      visit(child, joinPath(path, key), depth + 1, gatedByAuth, gatedByAdmin);
    }
  };
  visit(root, joinPath('/', options.rootPath ?? '/'), 0, false, false);
  return out;
}
