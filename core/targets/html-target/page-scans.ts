import type { DefaultTreeAdapterTypes } from 'parse5';
import type { HtmlRegion, HtmlRegionParser } from '../html/index.js';
import { loadParse5 } from '../lazy-parse5.js';
import { parseDocument, type PageDocument } from './page-document.js';
import { findRegionElement, parsePage, type Fragment } from './region-tree.js';

type Element = DefaultTreeAdapterTypes.Element;

/** One source's regions and its parse. The tree is shared by every reader: never modify it. */
export interface PageScan {
  readonly html: string;
  readonly regions: readonly HtmlRegion[];
  tree(): Promise<Fragment>;
  /** The element carrying `handle` in the tree, found once per page. */
  regionElement(handle: string): Promise<Element | undefined>;
  /** The source parsed as a whole document, as a browser opening it would; parsed on first use. */
  document(): Promise<PageDocument>;
}

export interface PageScans {
  /** The scan of `html`; rejects as the parser's `findRegions` does. */
  scan(html: string): Promise<PageScan>;
}

/**
 * Remembers the scans of the last few sources, keyed by their exact content: validating an edit
 * reads the current page (usually just scanned by `listParts` or the previous write) and the
 * prospective one (usually written next). A page that changed in any byte is a different key, so a
 * stale scan is never used. Refused scans are not kept.
 */
export function createPageScans(parser: HtmlRegionParser, capacity: number): PageScans {
  // Most recently used last.
  const recent: PageScan[] = [];

  async function fresh(html: string): Promise<PageScan> {
    let tree: Promise<Fragment> | undefined;
    let regions: readonly HtmlRegion[];
    if (parser.findRegionsWithTree) {
      const scanned = await parser.findRegionsWithTree(html);
      regions = scanned.regions;
      tree = Promise.resolve(scanned.tree);
    } else {
      regions = (await parser.findRegions(html)).regions;
    }
    const elements = new Map<string, Element | undefined>();
    let wholeDocument: PageDocument | undefined;
    const page: PageScan = {
      html,
      regions,
      tree: () =>
        (tree ??= loadParse5()
          .then((parse5) => parsePage(parse5, html))
          .catch((error: unknown) => {
            tree = undefined;
            throw error;
          })),
      regionElement: async (handle) => {
        const root = await page.tree();
        if (!elements.has(handle)) elements.set(handle, findRegionElement(root, handle));
        return elements.get(handle);
      },
      document: async () => (wholeDocument ??= parseDocument(await loadParse5(), html)),
    };
    return page;
  }

  return {
    async scan(html) {
      const index = recent.findIndex((page) => page.html === html);
      if (index !== -1) {
        const [page] = recent.splice(index, 1);
        recent.push(page!);
        return page!;
      }
      const page = await fresh(html);
      if (capacity > 0) {
        recent.push(page);
        if (recent.length > capacity) recent.splice(0, recent.length - capacity);
      }
      return page;
    },
  };
}
