import { assertPageId } from './page-id.js';

/** One stored page: its text and the strong ETag of its UTF-8 bytes. */
export interface StoredPage {
  readonly html: string;
  readonly etag: string;
}

/** What a compare-and-swap did. `stale` carries the tag of the version that is there now. */
export type SwapOutcome =
  | { readonly kind: 'saved'; readonly etag: string }
  | { readonly kind: 'stale'; readonly etag: string }
  | { readonly kind: 'missing' };

/**
 * Where pages live. Every write is a compare-and-swap on the ETag, atomic against every other writer
 * of the same store (other requests, other instances), so a stale write is refused, never merged.
 */
export interface PageBackend {
  /** The page, or undefined when there is none. */
  read(id: string): Promise<StoredPage | undefined>;
  /** Replaces the page only if its current ETag is `expectedEtag`. */
  compareAndSwap(id: string, expectedEtag: string, html: string): Promise<SwapOutcome>;
  /** Creates or replaces a page unconditionally: for the host (deploys, fixtures), never for requests. */
  seed(id: string, html: string): Promise<{ readonly etag: string }>;
  /** Releases what the backend holds; the host's own resources (a pool) stay the host's. */
  close?(): Promise<void>;
}

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Throws when a backend is asked to store what no page can be: an id outside the pattern, text with
 * NUL characters (Postgres text cannot hold them) or unpaired surrogates (they have no UTF-8 bytes).
 */
export function assertStorablePage(id: string, html: string): void {
  assertPageId(id);
  if (typeof html !== 'string') throw new TypeError(`dddk/server: page "${id}" must be stored as a string of HTML.`);
  if (html.includes('\u0000')) throw new TypeError(`dddk/server: page "${id}" holds a NUL character; remove it before storing the page.`);
  if (UNPAIRED_SURROGATE.test(html)) throw new TypeError(`dddk/server: page "${id}" holds an unpaired UTF-16 surrogate, which has no UTF-8 form; fix the text before storing it.`);
}
