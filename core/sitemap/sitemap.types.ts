/** A page of the site, with the pages under it. The agent reads it to know where it can go. */
export interface SitemapNode {
  title: string;
  /** One line saying what the page is for; the agent matches the user's intent against it. */
  description?: string;
  /**
   * Pages under this one, keyed by their path relative to it (`pricing`, `orders/:id`). A `:name`
   * segment stands for any value, e.g. an order id.
   */
  children?: Record<string, SitemapNode>;
  /** What a visitor can do on the page (`compare`, `export`, `refund`). */
  actions?: string[];
  /** The page, and every page under it, needs a signed-in visitor. */
  requiresAuth?: boolean;
  /** The page, and every page under it, needs an administrator. */
  requiresAdmin?: boolean;
  /** Left out of prompts and search (the page can still be resolved and visited). */
  hidden?: boolean;
  /** Something the agent must know about the page, e.g. how its pagination works. */
  notes?: string;
  /** Extra words to match the visitor's intent against; used by search, not sent in prompts. */
  keywords?: string[];
}

/** One page of a flat site map. */
export interface SitemapEntry {
  path: string;
  title?: string;
  description: string;
  /** Other names visitors use for the page. */
  aliases?: string[];
}

/** A tree rooted at `/`, or a flat list of pages. */
export type SitemapConfig = SitemapNode | SitemapEntry[];

/** A page found in the tree, with the concrete path and the values of its `:name` segments. */
export interface SitemapResolution {
  path: string;
  node: SitemapNode;
  params: Record<string, string>;
}
