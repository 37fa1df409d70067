/**
 * What the caller knows of the turn a model call belongs to, as data rather than prose. A provider
 * that answers without a model (the offline guide) reads these instead of recovering the request, the
 * page and the earlier turns from the prompt, whose wording a host, a translation or a new prompt may
 * change at any time. Network providers ignore them: they are never sent on the wire.
 */

export interface TurnFacts {
  /** The visitor's request, as they wrote it. */
  request: string;
  /** The prompt's language (a BCP 47 tag such as `en` or `zh-TW`). */
  locale?: string;
  /** The current page's address as the prompt gives it: path, query and hash (or a host's text). */
  url?: string;
  /** The current page's title, when the reading has one. */
  title?: string;
  /** The page text the prompt carries (the reader's indexed text, or a host's), one line each, unfenced. */
  pageLines?: readonly string[];
  /** The site's pages, as the site map the system prompt lists. */
  sitemap?: readonly SitemapPageFacts[];
  /** What each earlier turn of this run did, oldest first. */
  priorTurns?: readonly PriorTurnFacts[];
}

/** One page of the site map. */
export interface SitemapPageFacts {
  path: string;
  /** The name the site gives it (a flat entry without a title is named by its description). */
  title: string;
  description?: string;
  /** What else it is known by: its notes, aliases and the actions a visitor can take there. */
  also?: readonly string[];
}

/** One earlier model turn of the run, as the loop recorded it. */
export interface PriorTurnFacts {
  /** The tools its actions (or native calls) named, in order. */
  tools: readonly string[];
  /** The path the first `navigate` of that turn was asked to open. */
  navigatedTo?: string;
  /** The first of its actions that failed, with the loop's failure code (`not_found`, `navigation`, …). */
  failure?: { tool: string; code: string };
}
