import { walkSitemap } from './sitemap-paths.js';
import type { SitemapConfig, SitemapEntry, SitemapNode } from './sitemap.types.js';

export interface SerializeSitemapOptions {
  /** The path of the tree's root; default `/`. */
  rootPath?: string;
  /** Pages deeper than this are left out (the root is depth 0). Default: no limit. */
  maxDepth?: number;
  /** Indentation per level; default two spaces. */
  indent?: string;
}

/**
 * Renders a site map as a compact indented outline, one page a line:
 *
 * ```
 * / — Home: what we sell
 *   /pricing — Pricing: plans and prices [actions: compare]
 *   /account — Account [auth]
 * ```
 * Hidden pages (and the pages under them) are left out. `[auth]` and `[admin]` are written where the
 * host set them; they apply to the pages under them too. Keywords are left out: they cost tokens and
 * only help search.
 */
export function serializeSitemap(sitemap: SitemapConfig, options: SerializeSitemapOptions = {}): string {
  if (Array.isArray(sitemap)) return sitemap.map(serializeEntry).join('\n');
  return serializeTree(sitemap, options);
}

function serializeTree(root: SitemapNode, options: SerializeSitemapOptions): string {
  const indent = options.indent ?? '  ';
  const lines: string[] = [];
  for (const { path, node, depth } of walkSitemap(root, { rootPath: options.rootPath, skipHidden: true })) {
    if (options.maxDepth !== undefined && depth > options.maxDepth) continue;
    let line = `${indent.repeat(depth)}${path} — ${oneLine(node.title)}`;
    if (node.description) line += `: ${oneLine(node.description)}`;
    if (node.requiresAdmin) line += ' [admin]';
    else if (node.requiresAuth) line += ' [auth]';
    if (node.actions?.length) line += ` [actions: ${node.actions.map(oneLine).join(', ')}]`;
    if (node.notes) line += ` (note: ${oneLine(node.notes)})`;
    lines.push(line);
  }
  return lines.join('\n');
}

function serializeEntry(entry: SitemapEntry): string {
  let line = `${entry.path} — `;
  line += entry.title ? `${oneLine(entry.title)}: ${oneLine(entry.description)}` : oneLine(entry.description);
  if (entry.aliases?.length) line += ` (also: ${entry.aliases.map(oneLine).join(', ')})`;
  return line;
}

/** Host text may hold newlines, which would break the outline's one-page-a-line shape. */
function oneLine(text: string): string {
  return String(text).replace(/\s+/g, ' ').trim();
}
