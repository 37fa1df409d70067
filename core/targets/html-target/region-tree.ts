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

/**
 * The first element in document order carrying `handle`, searching <template> content too. An
 * explicit stack rather than recursion: a page can nest elements thousands deep.
 */
export function findRegionElement(root: ParentNode, handle: string): Element | undefined {
  const pending: ParentNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if ('tagName' in node && node.attrs.some((attr) => attr.name === REGION_ATTRIBUTE && attr.value === handle)) return node;
    const children = node.childNodes;
    // Pushed so that they come off in document order, after the template content pushed last.
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index]!;
      if ('tagName' in child) pending.push(child);
    }
    if ('tagName' in node && node.tagName === 'template' && 'content' in node) pending.push((node as DefaultTreeAdapterTypes.Template).content);
  }
  return undefined;
}

/** The region's children as markup: what the region holds once parsed. */
export function serializeChildren(parse5: Parse5, element: Element): string {
  return parse5.serialize(element);
}

/**
 * The page as markup with the region's content left out, so two versions of a page can be compared
 * everywhere but inside the region. The element is emptied only while serializing (synchronously,
 * so no other reader of a shared tree can see it) and handed back as it was.
 */
export function serializeWithoutRegion(parse5: Parse5, page: ParentNode, element: Element): string {
  const children = element.childNodes;
  const template = element.tagName === 'template' && 'content' in element ? (element as DefaultTreeAdapterTypes.Template).content : undefined;
  const templateChildren = template?.childNodes;
  element.childNodes = [];
  if (template) template.childNodes = [];
  try {
    return parse5.serialize(page);
  } finally {
    element.childNodes = children;
    if (template && templateChildren) template.childNodes = templateChildren;
  }
}

/** A short view of where two serializations first differ, for a reason the model can act on. */
export function firstDifference(before: string, after: string): string {
  let at = 0;
  while (at < before.length && at < after.length && before[at] === after[at]) at += 1;
  const start = Math.max(0, at - 30);
  const excerpt = (text: string) => JSON.stringify(text.slice(start, at + 50));
  return `expected ${excerpt(before)} but the page would parse as ${excerpt(after)}`;
}
