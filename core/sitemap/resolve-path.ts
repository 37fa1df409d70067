import { pathSegments } from './sitemap-paths.js';
import type { SitemapNode, SitemapResolution } from './sitemap.types.js';

/**
 * Finds the page a concrete path leads to (`/orders/42` → the `orders/:id` page, `{ id: '42' }`).
 * A literal segment wins over a `:name` one at the same level. The query string and the hash are
 * ignored. Returns `null` when no page matches.
 */
export function resolvePath(root: SitemapNode, targetPath: string): SitemapResolution | null {
  const path = targetPath.replace(/[?#].*$/, '');
  const target = pathSegments(path).map(safeDecode);
  const found = match(root, target, {});
  if (!found) return null;
  return { path: `/${target.join('/')}`, node: found.node, params: found.params };
}

function match(
  node: SitemapNode,
  rest: string[],
  params: Record<string, string>,
): { node: SitemapNode; params: Record<string, string> } | null {
  if (rest.length === 0) return { node, params };
  const children = Object.entries(node.children ?? {}).map(([key, child]) => ({ segments: pathSegments(key), child }));
  // Literal keys first so `/orders/new` is not taken for `/orders/:id`.
  children.sort((a, b) => paramCount(a.segments) - paramCount(b.segments));
  for (const { segments, child } of children) {
    if (segments.length === 0 || segments.length > rest.length) continue;
    const bound = bind(segments, rest.slice(0, segments.length));
    if (!bound) continue;
    const found = match(child, rest.slice(segments.length), { ...params, ...bound });
    if (found) return found;
  }
  return null;
}

function bind(pattern: string[], actual: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i += 1) {
    const segment = pattern[i]!;
    if (segment.startsWith(':')) params[segment.slice(1)] = actual[i]!;
    else if (segment !== actual[i]) return null;
  }
  return params;
}

function paramCount(segments: string[]): number {
  return segments.filter((segment) => segment.startsWith(':')).length;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
