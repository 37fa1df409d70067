import { parse, type DefaultTreeAdapterTypes } from 'parse5';

type Element = DefaultTreeAdapterTypes.Element;

/** The attributes of a page's `<html>` and `<body>` as a browser builds them from the whole document. */
export interface DocumentAttributes {
  readonly html: ReadonlyMap<string, string>;
  readonly body: ReadonlyMap<string, string>;
}

function attributeMap(element: Element | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const attr of element?.attrs ?? []) map.set(attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name, attr.value);
  return map;
}

function childElement(parent: DefaultTreeAdapterTypes.ParentNode, tagName: string): Element | undefined {
  return parent.childNodes.find((node): node is Element => 'tagName' in node && node.tagName === tagName);
}

/**
 * Parses the page as a browser opens it (a whole document, not a fragment). A stray `<html>` or
 * `<body>` start tag anywhere in a document hands its attributes to the page's own element, so
 * `<body onload=…>` inside a region runs on load although a fragment parse drops it.
 */
export function documentAttributes(source: string): DocumentAttributes {
  const document = parse(source);
  const html = childElement(document, 'html');
  return { html: attributeMap(html), body: attributeMap(html ? childElement(html, 'body') : undefined) };
}

/** The attributes `after` adds or changes on `<html>` or `<body>`, described, or undefined when none. */
export function describeAddedAttributes(before: DocumentAttributes, after: DocumentAttributes): string | undefined {
  const added: string[] = [];
  for (const element of ['html', 'body'] as const) {
    for (const [name, value] of after[element]) {
      if (before[element].get(name) !== value) added.push(`${name}="${value.slice(0, 40)}" to the page's <${element}>`);
    }
  }
  return added.length === 0 ? undefined : added.slice(0, 5).join(', ');
}
