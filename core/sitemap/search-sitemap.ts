import { walkSitemap } from './sitemap-paths.js';
import type { SitemapNode, SitemapResolution } from './sitemap.types.js';

const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+/gu;

/**
 * Finds the visible pages whose title, description, keywords, actions or path contain the query's
 * words, best match first (then shallower first). Words are split on anything that is not a letter
 * or digit; a run of CJK characters, which has no spaces, is matched by its two-character pieces.
 */
export function searchSitemap(root: SitemapNode, query: string): SitemapResolution[] {
  const tokens = queryTokens(query);
  if (tokens.length === 0) return [];
  const scored: Array<{ hit: SitemapResolution; score: number; depth: number; order: number }> = [];
  walkSitemap(root, { skipHidden: true }).forEach(({ path, node, depth }, order) => {
    const haystack = [path, node.title, node.description ?? '', ...(node.keywords ?? []), ...(node.actions ?? [])]
      .join('\n')
      .toLowerCase();
    const score = tokens.filter((token) => haystack.includes(token)).length / tokens.length;
    if (score > 0) scored.push({ hit: { path, node, params: {} }, score, depth, order });
  });
  scored.sort((a, b) => b.score - a.score || a.depth - b.depth || a.order - b.order);
  return scored.map(({ hit }) => hit);
}

function queryTokens(query: string): string[] {
  const lower = query.toLowerCase();
  const tokens = new Set<string>();
  for (const run of lower.match(CJK_RUN) ?? []) {
    const chars = [...run];
    if (chars.length === 1) tokens.add(run);
    for (let i = 0; i + 1 < chars.length; i += 1) tokens.add(chars[i]! + chars[i + 1]!);
  }
  for (const word of lower.replace(CJK_RUN, ' ').split(/[^\p{L}\p{N}]+/u)) {
    if (word.length > 1 || /\p{N}/u.test(word)) tokens.add(word);
  }
  return [...tokens];
}
