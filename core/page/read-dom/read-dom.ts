import { DomReader } from './dom-reader.js';
import { planFolds } from './fold-plan.js';
import type { FoldMap } from './folds.js';
import { IndexMap } from './index-map.js';
import { ReadingLayout } from './reading-layout.js';
import { shortPageURL } from './short-url.js';
import { clip, collapseWhitespace, utf8Length } from './text.js';
import { VisibilityProbe } from './visibility.js';

export interface ReadDomOptions {
  /** The element to read, with its subtree. Default: the document's body. */
  scope?: Element;
  /** The document to read when no scope is given. Default: the global `document`. */
  document?: Document;
  /** Return false to leave an element and its whole subtree out (on top of `dddk-skip`). */
  domFilter?: (element: Element) => boolean;
  /**
   * The reading's length budget in characters. Past it, blocks fold (beside the main content
   * first, then from the end), each one `read_text` away; nothing is cut. A budget too small for
   * the address, the title and one fold line cannot be met, and the reading is that much. Default:
   * no budget.
   */
  maxLength?: number;
}

export interface ReadDomResult {
  /** The page as a tab-indented text tree; `[id]` marks what can be operated, `⟪f3 folded: …⟫` a folded block. */
  text: string;
  /** Every id shown in `text`, mapped to its live element. */
  indexMap: IndexMap;
  /** Every fold shown in `text`, with its full reading. */
  folds: FoldMap;
  /** UTF-8 size of `text`. */
  bytes: number;
  /** True when blocks were folded to keep within `maxLength` (and not only the boilerplate). */
  truncated: boolean;
}

/**
 * Reads the page (or `options.scope`) into a compact, indexed text tree for a model: the address
 * and title, headings, sections that indent, content lines, images with alt text, formulas, and
 * every visible element a user could operate, each marked `[id]` with a one-line rendering. Text
 * that is not visible to a reader of the page never reaches the output; what is visible is either
 * in it or folded, one `read_text` away. Ids are stable: an element keeps its id across reads for
 * as long as it lives, and a folded block its fold id.
 */
export function readDOM(options: ReadDomOptions = {}): ReadDomResult {
  const doc = options.scope?.ownerDocument ?? options.document ?? (typeof document === 'undefined' ? undefined : document);
  if (!doc) throw new Error('dddk: readDOM needs a page; call it in a browser, or pass options.document or options.scope');
  const root = options.scope ?? doc.body ?? doc.documentElement;
  const budget = options.maxLength ?? Infinity;
  let page: URL | undefined;
  try {
    page = new URL(doc.URL);
  } catch {
    page = undefined;
  }
  const header = [`url: ${shortPageURL(doc.URL)}`];
  const title = collapseWhitespace(doc.title).trim();
  if (title) header.push(`title: ${clip(title, 160)}`);

  const probe = new VisibilityProbe();
  const modal = openModal(doc);
  const walk = () => {
    const reader = new DomReader(page, options.domFilter, modal, probe);
    if (root && isReachable(root)) reader.read(root);
    return reader;
  };
  let reader = walk();
  // Text under an opaque box shows only once the boxes are known; the rare page with such text is
  // read a second time with it left out (styles stay cached, so that walk costs less).
  const covered = reader.covers.coveredText();
  if (covered.size > 0) {
    probe.setCovered(covered);
    reader = walk();
  }
  const written = reader.out.finish();

  const layout = new ReadingLayout(written, header, reader.elements, reader.nameFolds);
  if (root) planFolds(layout, written.regions, written.prose, budget, root);
  const rendered = layout.render();

  const indexMap = new IndexMap(options.scope ?? doc);
  for (const id of rendered.ids) indexMap.set(id, reader.elements.get(id)!);
  const text = rendered.text;
  return { text, indexMap, folds: rendered.folds, bytes: utf8Length(text), truncated: layout.hasLengthFolds };
}

/** An open modal dialog makes the rest of the page inert, though no `inert` attribute says so. */
function openModal(doc: Document): Element | null {
  try {
    return doc.querySelector(':modal');
  } catch {
    return null;
  }
}

/** A root inside a hidden or opted-out ancestor (even `<html>` itself can be hidden) has nothing to show. */
function isReachable(root: Element): boolean {
  if (root.parentElement?.closest('[hidden], [aria-hidden="true"], .dddk-skip, [data-dddk-skip]')) return false;
  return typeof root.checkVisibility !== 'function' || root.checkVisibility({ opacityProperty: true, visibilityProperty: false });
}
