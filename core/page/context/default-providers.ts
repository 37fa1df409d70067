import { readDOM, type ReadDomOptions } from '../read-dom/read-dom.js';
import { clip, collapseWhitespace } from '../read-dom/text.js';
import type { ContextProvider, ContextRole } from './context-slots.js';
import { navigationTrail, type NavigationTrail } from './navigation-trail.js';

const SUMMARY_HEADINGS = 8;
const SUMMARY_LIMIT = 600;
const SELECTION_LIMIT = 2000;
const SEEN = { opacityProperty: true, visibilityProperty: true };

function pageDocument(): Document | undefined {
  return typeof document === 'undefined' ? undefined : document;
}

function squeeze(text: string | null | undefined, limit: number): string {
  return clip(collapseWhitespace(text ?? '').trim(), limit);
}

/** The page's address, one line. */
export const urlContextProvider: ContextProvider = () => (typeof location === 'undefined' ? undefined : location.href);

/** What the page is for, in a few lines: its title, its meta description and its first headings. */
export const pageSummaryContextProvider: ContextProvider = () => {
  const doc = pageDocument();
  if (!doc) return undefined;
  const lines: string[] = [];
  const title = squeeze(doc.title, 160);
  if (title) lines.push(`title: ${title}`);
  const description = squeeze(doc.querySelector('meta[name="description" i]')?.getAttribute('content'), 240);
  if (description) lines.push(`description: ${description}`);
  const headings: string[] = [];
  for (const heading of doc.querySelectorAll('h1, h2, h3')) {
    const visible = typeof heading.checkVisibility !== 'function' || heading.checkVisibility(SEEN);
    if (!visible) continue;
    const text = squeeze(heading.textContent, 80);
    if (text) headings.push(text);
    if (headings.length === SUMMARY_HEADINGS) break;
  }
  if (headings.length > 0) lines.push(`headings: ${headings.join(' · ')}`);
  return lines.length > 0 ? clip(lines.join('\n'), SUMMARY_LIMIT) : undefined;
};

/** A `dom` provider: the indexed text tree of the page (see `readDOM`), read with these options. */
export function domContextProvider(options: ReadDomOptions = {}): ContextProvider {
  return () => (pageDocument() ? readDOM(options).text : undefined);
}

/**
 * A `screenshot` provider around a host capture function that returns an image as a data URL.
 * Without one there is nothing to capture with, and the slot stays empty.
 */
export function screenshotContextProvider(capture?: () => string | undefined | Promise<string | undefined>): ContextProvider {
  return async () => (capture ? ((await capture()) ?? undefined) : undefined);
}

/** A `history` provider over a navigation trail: the recent paths, oldest first. */
export function historyContextProvider(trail: NavigationTrail = navigationTrail): ContextProvider {
  return () => {
    const recent = trail.recent();
    return recent.length > 0 ? `recent paths, oldest first: ${recent.join(' → ')}` : undefined;
  };
}

/** The text the user has selected on the page, if any. */
export const selectionContextProvider: ContextProvider = () => {
  if (typeof getSelection !== 'function') return undefined;
  const text = squeeze(getSelection()?.toString(), SELECTION_LIMIT);
  return text || undefined;
};

export const defaultContextProviders: Readonly<Record<ContextRole, ContextProvider>> = Object.freeze({
  url: urlContextProvider,
  page_summary: pageSummaryContextProvider,
  dom: domContextProvider(),
  screenshot: screenshotContextProvider(),
  history: historyContextProvider(),
  selection: selectionContextProvider,
  // What the visitor's memory recalls; empty until the controller has a memory (config.memory).
  memory: () => undefined,
});

/** The built-in provider of a slot, for a host that wants to wrap it rather than replace it. */
export function getDefaultContextProvider(role: ContextRole): ContextProvider {
  return defaultContextProviders[role];
}
