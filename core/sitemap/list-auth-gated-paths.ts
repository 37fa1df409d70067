import { walkSitemap } from './sitemap-paths.js';
import type { SitemapNode } from './sitemap.types.js';

/**
 * Every path that needs a signed-in visitor or an administrator, including the pages under a gated
 * one, hidden pages included (the agent may still be sent there), in tree order.
 */
export function listAuthGatedPaths(root: SitemapNode): string[] {
  return walkSitemap(root)
    .filter(({ gatedByAuth }) => gatedByAuth)
    .map(({ path }) => path);
}
