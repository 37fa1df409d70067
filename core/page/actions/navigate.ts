import { clearOverlays } from '../overlays/overlays.js';
import { prefersReducedMotion } from '../overlays/reduced-motion.js';
import { optionalBoolean, requiredString } from './args.js';
import { defineAction, schema } from './define-action.js';
import { describeElement } from './describe-element.js';
import { isVisible } from './element-state.js';
import { performClick, urlChangeSince } from './pointer-actions.js';
import { cancelled, fail, isFailure, succeed } from './results.js';
import { preparePointerTarget } from './target.js';
import { nextFrame, untilAborted } from './timing.js';
import type { ActionContext, ActionFailure, ActionResult, NavigationRecord } from './types.js';

/** Checks a destination and returns it as a URL on this site, or a failure the model can act on. */
export function sameOriginDestination(raw: string, base = location.href): URL | ActionFailure {
  const text = raw.trim();
  // The URL parser drops tabs and newlines, so check the parsed scheme as well as the text.
  if (/^[\s\u0000-\u001f]*j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i.test(text)) {
    return fail('invalid_arguments', 'javascript: URLs are never followed. Pass a path on this site, like "/pricing".');
  }
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return fail('invalid_arguments', `"${raw}" is not a valid path or URL. Pass a path on this site, like "/pricing".`);
  }
  if (url.protocol === 'javascript:') {
    return fail('invalid_arguments', 'javascript: URLs are never followed. Pass a path on this site, like "/pricing".');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail('invalid_arguments', `${url.protocol} links cannot be opened by the assistant. Pass a path on this site, or tell the user the link.`);
  }
  if (url.origin !== new URL(base).origin) {
    return fail(
      'cross_origin',
      `${url.origin} is another site; the assistant only moves within ${new URL(base).origin}. Tell the user the link instead of navigating.`,
    );
  }
  return url;
}

function visibleLinkTo(url: URL): HTMLAnchorElement | undefined {
  return [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].find(
    (a) => a.href === url.href && !a.hasAttribute('download') && (a.target === '' || a.target === '_self') && isVisible(a),
  );
}

function routeOf(url: URL): string {
  return url.pathname + url.search + url.hash;
}

/** The destination is this very document: the same path and query, whatever the fragment. */
function sameDocument(url: URL): boolean {
  const here = new URL(location.href);
  return url.origin === here.origin && url.pathname === here.pathname && url.search === here.search;
}

/** A destination on this very document with a fragment to go to. */
function isInPage(url: URL): boolean {
  return url.hash !== '' && sameDocument(url);
}

/** The element a fragment names, as the browser finds it: an id, else an `<a name>`. */
function fragmentTarget(hash: string): Element | undefined {
  let name = hash.slice(1);
  try {
    name = decodeURIComponent(name);
  } catch {
    // A fragment that is not valid percent-encoding names the element by its raw text.
  }
  if (name === '') return undefined;
  return document.getElementById(name) ?? [...document.getElementsByName(name)].find((element) => element.localName === 'a');
}

/**
 * An anchor on this page: the browser's own fragment navigation (it scrolls, sets `:target`, fires
 * `hashchange`), never a load. A fragment without an element may be a hash router's route: the page
 * is then read again as after any move.
 */
function goToAnchor(url: URL, ctx: ActionContext): ActionResult {
  const from = location.href;
  const target = fragmentTarget(url.hash);
  if (location.hash !== url.hash) location.hash = url.hash;
  else if (target) target.scrollIntoView({ block: 'start', behavior: prefersReducedMotion(ctx.reducedMotion) ? 'instant' : 'smooth' });
  else return succeed(`Already on ${routeOf(url)}.`, { url: from });
  if (target) return succeed(`Scrolled to ${describeElement(target)} (${url.hash}) on this page.`, { url: location.href });
  return succeed(`Moved to ${url.hash} on this page.`, { url: location.href }, { from, to: location.href });
}

/**
 * Another document: it loads in the page's place. The caller's `loadDocument` opens it when the
 * caller must save its state first; the page goes away as soon as the new one arrives.
 */
function loadAnother(url: URL, ctx: ActionContext): ActionResult {
  const from = location.href;
  clearOverlays();
  if (ctx.loadDocument) ctx.loadDocument(url.href);
  else location.assign(url.href);
  return succeed(`Opened ${routeOf(url)}: the page loads it in place of ${new URL(from).pathname}.`, { url: url.href }, { from, to: url.href, newDocument: true });
}

/**
 * Clicks the link like a user would. A router that intercepts it changes the URL at once; a link
 * nobody intercepts makes the browser load the page, which the uncancelled click event tells.
 */
async function viaLink(link: HTMLAnchorElement, ctx: ActionContext, url: URL): Promise<NavigationRecord | undefined> {
  const ready = await preparePointerTarget(link, ctx, 'follow');
  if (isFailure(ready)) return undefined;
  const from = location.href;
  let clickEvent: Event | undefined;
  const watch = (event: Event) => (clickEvent = event);
  addEventListener('click', watch, { once: true });
  try {
    performClick(ready.element, ready.point);
  } finally {
    removeEventListener('click', watch);
  }
  const navigation = await urlChangeSince(from);
  if (navigation) return navigation.to === url.href ? navigation : undefined;
  if (clickEvent && !clickEvent.defaultPrevented) {
    clearOverlays();
    return { from, to: url.href, newDocument: true };
  }
  return undefined;
}

/**
 * Moves the page: the host router when there is one; otherwise the destination loads as a new
 * document, and an anchor on this page is scrolled to.
 */
export const navigate = defineAction({
  name: 'navigate',
  description:
    'Go to another page of this site, by path ("/pricing") or same-origin URL, or to an anchor on this page ("#faq"). The next turn shows the page you arrive on: there is no need to wait or pause for it. Other sites and javascript: URLs are refused.',
  parameters: schema.object(
    {
      path: schema.string('The path or same-origin URL to open.'),
      viaLink: { type: 'boolean', description: 'Click a visible link to the page when there is one (default: the host setting).' },
    },
    ['path'],
  ),
  async run(args, ctx): Promise<ActionResult> {
    const path = requiredString(args, 'path', 'a path like "/pricing"');
    if (isFailure(path)) return path;
    const preferLink = optionalBoolean(args, 'viaLink');
    if (isFailure(preferLink)) return preferLink;
    const url = sameOriginDestination(path);
    if (isFailure(url)) return url;
    const from = location.href;
    const route = routeOf(url);
    // Without a router, a fragment of this document is an anchor to scroll to, never a page to load.
    if (!ctx.navigate && isInPage(url)) return goToAnchor(url, ctx);
    if (url.href === from || (!ctx.navigate && url.hash === '' && sameDocument(url))) return succeed(`Already on ${route}.`, { url: from });

    if (preferLink ?? ctx.preferLinkClick) {
      const link = visibleLinkTo(url);
      const navigation = link ? await viaLink(link, ctx, url) : undefined;
      if (navigation?.newDocument) return succeed(`Followed the link to ${route}: the page loads it.`, { url: url.href }, navigation);
      if (navigation) {
        await nextFrame();
        return succeed(`Followed the link to ${route}.`, { url: location.href }, navigation);
      }
    }

    if (!ctx.navigate) return loadAnother(url, ctx);
    let outcome;
    try {
      outcome = await untilAborted(Promise.resolve(ctx.navigate(route)), ctx.signal);
    } catch (error) {
      outcome = { aborted: false as const, error };
    }
    if (outcome.aborted) return cancelled('The navigation');
    if ('error' in outcome) {
      const detail = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      return fail('navigation', `The site could not open ${route}: ${detail.slice(0, 200)}. Check the path against the site map, or try another page.`);
    }
    clearOverlays();
    await nextFrame();
    const to = location.href === from ? url.href : location.href;
    return succeed(`Navigated to ${route}.`, { url: to }, { from, to });
  },
});
