import type { DefaultTreeAdapterTypes } from 'parse5';
import type { Parse5 } from '../lazy-parse5.js';
import { REGION_ATTRIBUTE } from '../html/index.js';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;
export type Fragment = DefaultTreeAdapterTypes.DocumentFragment;

// Same options as the region parser, so both judge the page the way one parse of it sees it.
const PARSE_OPTIONS = { scriptingEnabled: true } as const;

/** Parses a whole source the way the region parser does: as the content of a <div>. */
export function parsePage(parse5: Parse5, html: string): Fragment {
  const context = parse5.defaultTreeAdapter.createElement('div', parse5.html.NS.HTML, []);
  return parse5.parseFragment(context, html, PARSE_OPTIONS);
}

/** Parses content alone, as the children of `context` (the region's own element). */
export function parseInside(parse5: Parse5, context: Element, content: string): Fragment {
  return parse5.parseFragment(context, content, PARSE_OPTIONS);
}

/** The element carrying `handle`, searching <template> content too. */
export function findRegionElement(parent: ParentNode, handle: string): Element | undefined {
  for (const child of parent.childNodes) {
    if (!('tagName' in child)) continue;
    if (child.attrs.some((attr) => attr.name === REGION_ATTRIBUTE && attr.value === handle)) return child;
    const inTemplate = child.tagName === 'template' && 'content' in child ? findRegionElement(child.content, handle) : undefined;
    const found = inTemplate ?? findRegionElement(child, handle);
    if (found) return found;
  }
  return undefined;
}

/** The region's children as markup: what the region holds once parsed. */
export function serializeChildren(parse5: Parse5, element: Element): string {
  return parse5.serialize(element);
}

/**
 * The page as markup with the region's children left out, so two versions of a page can be compared
 * everywhere but inside the region. Empties the element of the tree it is given.
 */
export function serializeWithoutRegion(parse5: Parse5, page: Fragment, element: Element): string {
  element.childNodes = [];
  if (element.tagName === 'template' && 'content' in element) {
    (element as DefaultTreeAdapterTypes.Template).content.childNodes = [];
  }
  return parse5.serialize(page);
}

/** A short view of where two serializations first differ, for a reason the model can act on. */
export function firstDifference(before: string, after: string): string {
  let at = 0;
  while (at < before.length && at < after.length && before[at] === after[at]) at += 1;
  const start = Math.max(0, at - 30);
  const excerpt = (text: string) => JSON.stringify(text.slice(start, at + 50));
  return `expected ${excerpt(before)} but the page would parse as ${excerpt(after)}`;
}
