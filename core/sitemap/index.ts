export type { SitemapNode, SitemapEntry, SitemapConfig, SitemapResolution } from './sitemap.types.js';
export { serializeSitemap, type SerializeSitemapOptions } from './serialize-sitemap.js';
export { resolvePath } from './resolve-path.js';
export { searchSitemap } from './search-sitemap.js';
export { listAuthGatedPaths } from './list-auth-gated-paths.js';
