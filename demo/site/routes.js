// The site's pages, shared by the browser router and the dev server (which answers every one of
// these paths with the SPA shell, so a reload on any page works).

/** @typedef {{ path: string, page: string, title: string }} SiteRoute */

/** @type {readonly SiteRoute[]} */
export const SITE_ROUTES = Object.freeze([
  { path: '/', page: 'home', title: 'Orchard — calm planning for small teams' },
  { path: '/pricing', page: 'pricing', title: 'Pricing · Orchard' },
  { path: '/contact', page: 'contact', title: 'Contact sales · Orchard' },
  { path: '/docs', page: 'docs', title: 'Docs · Orchard' },
  { path: '/cms', page: 'cms', title: 'Spring launch page (CMS draft) · Orchard' },
]);

/**
 * The route a pathname names, tolerating one trailing slash (`/pricing/`); undefined otherwise.
 * @param {string} pathname
 * @returns {SiteRoute | undefined}
 */
export function findSiteRoute(pathname) {
  const normalized = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return SITE_ROUTES.find((route) => route.path === normalized);
}
