import type { DefaultTreeAdapterTypes } from 'parse5';

type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** Where two parsed trees first part ways: the node on each side (absent when one list is shorter). */
export interface TreeDifference {
  readonly before: ChildNode | undefined;
  readonly after: ChildNode | undefined;
}

/**
 * Compares two parses node by node, reading both in place: names, namespaces, attributes (with
 * their namespaces and prefixes), text, comments and doctypes, `<template>` content included.
 * Source locations are ignored. Equal trees serialize equally, so this is at least as strict as
 * comparing serializations, without building them.
 *
 * `regionBefore` is an element of `before`: at its place `after` must hold an equal element, whose
 * content is not compared. The result names that element, or the first difference.
 */
export function compareOutsideRegion(
  before: ParentNode,
  after: ParentNode,
  regionBefore: Element,
): { readonly regionAfter: Element } | { readonly difference: TreeDifference } {
  const found: { regionAfter?: Element } = {};
  const difference = compareChildren(before, after, regionBefore, found);
  if (difference) return { difference };
  if (!found.regionAfter) throw new Error('dddk: the region element is not part of the tree it was looked up in.');
  return { regionAfter: found.regionAfter };
}

/**
 * Compares content parsed on its own with what an element holds in a page, all the way down. A
 * `<template>` holds its content in `content`, not in its children.
 */
export function compareContent(alone: ParentNode, element: Element): TreeDifference | undefined {
  return compareChildren(alone, templateContent(element) ?? element, undefined, {});
}

/**
 * Walks both trees side by side with an explicit stack (a page can nest elements thousands deep).
 * Each pair of parents is checked child by child before any child's own children.
 */
function compareChildren(
  beforeRoot: ParentNode,
  afterRoot: ParentNode,
  skip: Element | undefined,
  found: { regionAfter?: Element },
): TreeDifference | undefined {
  const pending: Array<readonly [ParentNode, ParentNode]> = [[beforeRoot, afterRoot]];
  while (pending.length > 0) {
    const [before, after] = pending.pop()!;
    const left = before.childNodes;
    const right = after.childNodes;
    const shared = Math.min(left.length, right.length);
    for (let index = 0; index < shared; index++) {
      if (!sameNode(left[index]!, right[index]!)) return { before: left[index], after: right[index] };
    }
    if (left.length !== right.length) return { before: left[shared], after: right[shared] };
    const leftContent = templateContent(before);
    const rightContent = templateContent(after);
    if ((leftContent === undefined) !== (rightContent === undefined)) return { before: before as ChildNode, after: after as ChildNode };
    for (let index = shared - 1; index >= 0; index--) {
      const child = left[index]!;
      if (!('tagName' in child)) continue;
      if (child === skip) found.regionAfter = right[index] as Element;
      else pending.push([child, right[index] as Element]);
    }
    if (leftContent && rightContent) pending.push([leftContent, rightContent]);
  }
  return undefined;
}

/** The node itself, without its children. */
function sameNode(before: ChildNode, after: ChildNode): boolean {
  if (before.nodeName !== after.nodeName) return false;
  switch (before.nodeName) {
    case '#text':
      return (before as DefaultTreeAdapterTypes.TextNode).value === (after as DefaultTreeAdapterTypes.TextNode).value;
    case '#comment':
      return (before as DefaultTreeAdapterTypes.CommentNode).data === (after as DefaultTreeAdapterTypes.CommentNode).data;
    case '#documentType': {
      const left = before as DefaultTreeAdapterTypes.DocumentType;
      const right = after as DefaultTreeAdapterTypes.DocumentType;
      return left.name === right.name && left.publicId === right.publicId && left.systemId === right.systemId;
    }
    default:
      return sameElement(before as Element, after as Element);
  }
}

function sameElement(before: Element, after: Element): boolean {
  if (before.tagName !== after.tagName || before.namespaceURI !== after.namespaceURI) return false;
  if (before.attrs.length !== after.attrs.length) return false;
  for (let index = 0; index < before.attrs.length; index++) {
    const left = before.attrs[index]!;
    const right = after.attrs[index]!;
    if (left.name !== right.name || left.value !== right.value || left.namespace !== right.namespace || left.prefix !== right.prefix) {
      return false;
    }
  }
  return true;
}

function templateContent(node: ParentNode): ParentNode | undefined {
  return 'tagName' in node && node.tagName === 'template' && 'content' in node ? (node as DefaultTreeAdapterTypes.Template).content : undefined;
}
