import { assertStorablePage, type PageBackend, type StoredPage } from './page-backend.js';
import { pageEtag } from './page-etag.js';
import { assertPageId } from './page-id.js';

/**
 * Pages in this process's memory: for tests and for one-instance demos (a Worker's, say). Lost on
 * restart and not shared between instances; seed the pages with `seed(id, html)`.
 */
export function memoryPageBackend(): PageBackend {
  const pages = new Map<string, StoredPage>();
  return {
    async read(id) {
      assertPageId(id);
      return pages.get(id);
    },
    async compareAndSwap(id, expectedEtag, html) {
      assertStorablePage(id, html);
      const etag = await pageEtag(html);
      // Nothing awaits between the check and the set, so no other write can come between them.
      const current = pages.get(id);
      if (!current) return { kind: 'missing' };
      if (current.etag !== expectedEtag) return { kind: 'stale', etag: current.etag };
      pages.set(id, { html, etag });
      return { kind: 'saved', etag };
    },
    async seed(id, html) {
      assertStorablePage(id, html);
      const etag = await pageEtag(html);
      pages.set(id, { html, etag });
      return { etag };
    },
  };
}
