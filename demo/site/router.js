// History-API routing for the site: same-origin links to known pages render in place, Back and
// Forward work, and after each navigation focus lands on the new page's heading so screen-reader
// and keyboard users start at the top of the new content.
import { findSiteRoute } from './routes.js';

/**
 * @typedef {import('./routes.js').SiteRoute} SiteRoute
 * @typedef {object} RouterOptions
 * @property {HTMLElement} outlet  Where pages render (the `<main>` element).
 * @property {(route: SiteRoute) => Promise<string>} loadPage  Resolves to the page's HTML.
 */

/** @param {SiteRoute} route */
export function fetchPagePartial(route) {
  return fetch(`/pages/${route.page}.html`).then((response) => {
    if (!response.ok) throw new Error(`the page "${route.page}" could not be loaded (HTTP ${response.status})`);
    return response.text();
  });
}

/**
 * Starts routing and renders the current location.
 * @param {RouterOptions} options
 */
export function startRouter({ outlet, loadPage }) {
  /** @type {Map<string, Promise<string>>} */
  const pageCache = new Map();
  let renderedPath = '';
  let renderCount = 0;

  /** @param {SiteRoute} route */
  const cachedPage = (route) => {
    let page = pageCache.get(route.page);
    if (!page) {
      page = loadPage(route);
      pageCache.set(route.page, page);
      page.catch(() => pageCache.delete(route.page));
    }
    return page;
  };

  /**
   * Loads a page, then shows it. With `href`, the URL changes only once the page is ready, so the
   * address bar and the content never disagree; without it, the current location is shown.
   * @param {{ href?: string, moveFocus: boolean }} options
   */
  async function show({ href, moveFocus }) {
    const ticket = ++renderCount;
    const pathname = href ? new URL(href).pathname : location.pathname;
    const route = findSiteRoute(pathname);
    outlet.setAttribute('aria-busy', 'true');
    /** @type {DocumentFragment} */
    let content;
    try {
      content = route ? parseFragment(await cachedPage(route)) : notFoundFragment();
    } catch (error) {
      content = loadErrorFragment(error);
    }
    // A later navigation started while this page was loading: it owns the outlet now.
    if (ticket !== renderCount) return;
    if (href) {
      if (href !== location.href) history.pushState(null, '', href);
      window.scrollTo(0, 0);
    }
    renderedPath = location.pathname;
    outlet.replaceChildren(content);
    outlet.removeAttribute('aria-busy');
    document.title = route?.title ?? 'Page not found · Orchard';
    markCurrentLinks(route);
    // The browser could not scroll to a fragment that did not exist yet; do it now that it does.
    const fragmentTarget = findFragmentTarget(location.hash);
    fragmentTarget?.scrollIntoView();
    if (moveFocus) focusWithoutTabStop(fragmentTarget ?? outlet.querySelector('h1') ?? outlet);
  }

  /** @param {MouseEvent} event */
  function onClick(event) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    if (link.target && link.target !== '_self') return;
    if (link.hasAttribute('download') || link.origin !== location.origin) return;
    if (!findSiteRoute(link.pathname)) return;
    // A link to a spot on the current page is the browser's job (it scrolls and focuses).
    if (link.pathname === location.pathname && link.hash) return;
    event.preventDefault();
    void show({ href: link.href, moveFocus: true });
  }

  function onPopState() {
    // Fragment navigation on the same page also fires popstate; the page itself has not changed.
    if (location.pathname === renderedPath) return;
    void show({ moveFocus: true });
  }

  document.addEventListener('click', onClick);
  window.addEventListener('popstate', onPopState);
  return {
    /** Settles once the page at the current location has rendered. */
    ready: show({ moveFocus: false }),
    /**
     * Shows the page at `path` as a click on a link to it would (the agent's way around the site);
     * settles once the page has rendered.
     * @param {string} path  A same-origin path such as `/pricing` or `/docs#docs-api`.
     */
    go(path) {
      const url = new URL(path, location.href);
      if (url.origin !== location.origin) {
        return Promise.reject(new Error(`the router only goes to pages of this site, not to ${url.origin}`));
      }
      return show({ href: url.href, moveFocus: true });
    },
    stop() {
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPopState);
    },
  };
}

/** @param {string} html */
function parseFragment(html) {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** @param {string} hash  e.g. `#docs-api`; a malformed escape finds nothing. */
function findFragmentTarget(hash) {
  if (!hash) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * Focuses an element that is not otherwise focusable (a heading), without adding it to the Tab order.
 * @param {Element} target
 */
function focusWithoutTabStop(target) {
  if (!(target instanceof HTMLElement)) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/** @param {SiteRoute | undefined} route */
function markCurrentLinks(route) {
  for (const link of document.querySelectorAll('.site-nav a[href]')) {
    const isCurrent = route !== undefined && link instanceof HTMLAnchorElement && link.pathname === route.path;
    if (isCurrent) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

function notFoundFragment() {
  return parseFragment('<h1>Page not found</h1><p>There is no page here. <a href="/">Go to the home page</a>.</p>');
}

/** @param {unknown} error */
function loadErrorFragment(error) {
  const fragment = parseFragment(
    '<h1>This page did not load</h1><p class="load-error"></p><p><a href="">Try again</a> or <a href="/">go to the home page</a>.</p>',
  );
  const detail = fragment.querySelector('.load-error');
  if (detail) detail.textContent = `Sorry: ${error instanceof Error ? error.message : String(error)}.`;
  return fragment;
}
