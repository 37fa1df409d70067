import type { SitemapEntry } from '../../core/sitemap/sitemap.types.js';

/** A site of the offline-guide benchmark: pages served at paths, and the site map its owner wrote. */
export interface GuideSite {
  name: string;
  /** The kit's locale on this site (`en` unless said). */
  locale?: string;
  pages: Array<{ path: string; file: string }>;
  sitemap: SitemapEntry[];
}

/** What a request is about; the benchmark reports each category on its own. */
export type GuideCategory = 'table' | 'faq' | 'section' | 'navigation' | 'action' | 'no-answer' | 'language';

/** One labelled visitor request: where it is asked, and what a good site guide does with it. */
export interface GuideRequest {
  site: string;
  /** The page the visitor is on when asking. */
  start: string;
  request: string;
  category: GuideCategory;
  /** Text the final answer must contain (each, case- and space-insensitive). Absent for no-answer requests. */
  answer?: string[];
  /** A CSS selector of the element the guide should point at (an overlay over it when the run ends). */
  pointAt?: string;
  /** The page the run should end on. */
  endOn: string;
  /** For actions: what the page must show afterwards, checked in the page (a JS expression returning true). */
  effect?: string;
  /** The script the answer should be written in (`latin` or `han`); default: the request's. */
  script?: 'latin' | 'han';
}
