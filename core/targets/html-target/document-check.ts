import type { DefaultTreeAdapterTypes } from 'parse5';
import { tagViolations, type PolicyViolation } from './content-policy.js';
import { documentTagsWithin, type PageDocument } from './page-document.js';
import { findRegionElement } from './region-tree.js';
import { compareOutsideRegion, type TreeDifference } from './tree-difference.js';

type Element = DefaultTreeAdapterTypes.Element;
type Attribute = Element['attrs'][number];

/**
 * What the policy refuses among the document-level tags that content placed at [start, end) of the
 * prospective page wrote: named here because a region's own parse keeps no trace of them.
 */
export function documentTagViolations(page: PageDocument, start: number, end: number): PolicyViolation[] {
  return documentTagsWithin(page, start, end).flatMap((tag) =>
    tag.closing
      ? [{ where: `</${tag.tagName}>`, what: `</${tag.tagName}> would close the page's own <${tag.tagName}>, not an element of the region; remove it` }]
      : tagViolations(tag.tagName, tag.attrs),
  );
}

export type DocumentComparison =
  | { readonly regionAfter: Element }
  | { readonly difference: string }
  /** The region is not an element of the page read as a whole document. */
  | { readonly missing: true };

/**
 * Compares two versions of a page read as whole documents: everything outside the region `handle`,
 * the attributes of <html>, <head> and <body> included, must be identical. This judges the effect,
 * whatever the spelling: a stray <body onload> merges into the page's <body> and shows up here.
 */
export function compareDocuments(before: PageDocument, after: PageDocument, handle: string): DocumentComparison {
  const region = findRegionElement(before.document, handle);
  if (!region) return { missing: true };
  const outside = compareOutsideRegion(before.document, after.document, region);
  return 'difference' in outside ? { difference: describeDocumentDifference(outside.difference) } : outside;
}

function quoteAttribute(attr: Attribute): string {
  const name = attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name;
  const value = attr.value.length > 40 ? `${attr.value.slice(0, 40)}…` : attr.value;
  return `${name}=${JSON.stringify(value)}`;
}

function describeNode(node: TreeDifference['before']): string {
  if (node === undefined) return 'nothing';
  if ('tagName' in node) return `<${node.tagName}>`;
  if (node.nodeName === '#text') return `the text ${JSON.stringify((node as DefaultTreeAdapterTypes.TextNode).value.slice(0, 40))}`;
  if (node.nodeName === '#comment') return 'a comment';
  return node.nodeName;
}

/** The first difference, phrased: attributes an element gains, loses or changes, else which node becomes which. */
export function describeDocumentDifference(difference: TreeDifference): string {
  const { before, after } = difference;
  if (before && after && 'tagName' in before && 'tagName' in after && before.tagName === after.tagName) {
    const same = (attr: Attribute, other: Attribute) => attr.name === other.name && attr.prefix === other.prefix && attr.namespace === other.namespace;
    const gained = after.attrs.filter((attr) => !before.attrs.some((old) => same(old, attr) && old.value === attr.value));
    const lost = before.attrs.filter((attr) => !after.attrs.some((next) => same(next, attr)));
    const parts = [
      ...(gained.length > 0 ? [`get ${gained.map(quoteAttribute).join(' ')}`] : []),
      ...(lost.length > 0 ? [`lose ${lost.map(quoteAttribute).join(' ')}`] : []),
    ];
    if (parts.length > 0) return `the page's <${before.tagName}> would ${parts.join(' and ')}`;
  }
  return `${describeNode(before)} would become ${describeNode(after)}`;
}
