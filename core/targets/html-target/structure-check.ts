import type { DefaultTreeAdapterTypes } from 'parse5';
import type { ValidationCode } from '../edit-target.js';

type Element = DefaultTreeAdapterTypes.Element;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const LISTS = new Set(['ul', 'ol', 'menu']);

/** Something the content leaves broken for a reader, though the page still parses as expected. */
export interface StructureProblem {
  readonly code: Extract<ValidationCode, 'empty-heading' | 'list-item-outside-list'>;
  /** Says where, for the model: "its <h1>", "an <h2>", "directly in its <div>". */
  readonly where: string;
}

function isElement(node: ChildNode | ParentNode): node is Element {
  return 'tagName' in node;
}

/** Whether a reader gets anything from `root`: text, or an image's text alternative. */
function saysSomething(root: ParentNode): boolean {
  const pending: Array<ChildNode | ParentNode> = [...root.childNodes];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.nodeName === '#text' && 'value' in node && node.value.trim() !== '') return true;
    if (!isElement(node)) continue;
    if (node.attrs.some((attr) => (attr.name === 'aria-label' || (attr.name === 'alt' && node.tagName === 'img')) && attr.value.trim() !== '')) return true;
    pending.push(...node.childNodes);
  }
  return false;
}

/**
 * What the content, parsed as the children of the region's element `context`, leaves broken for a
 * reader: a heading with nothing to say (the region's own, or one it holds), and list items
 * outside any list. An explicit stack rather than recursion: model content can nest deeply.
 */
export function structureProblems(fragment: ParentNode, context: Element): StructureProblem[] {
  const found: StructureProblem[] = [];
  if (HEADINGS.has(context.tagName) && !saysSomething(fragment)) found.push({ code: 'empty-heading', where: `its <${context.tagName}>` });
  // Breadth first, so problems are named in reading order near enough; `inRegion` marks the top level.
  const pending: Array<{ node: ChildNode; parent: string; inRegion: boolean }> = fragment.childNodes.map((node) => ({ node, parent: context.tagName, inRegion: true }));
  for (let next = 0; next < pending.length; next++) {
    const { node, parent, inRegion } = pending[next]!;
    if (!isElement(node)) continue;
    if (HEADINGS.has(node.tagName) && !saysSomething(node)) found.push({ code: 'empty-heading', where: `an <${node.tagName}>` });
    if (node.tagName === 'li' && !LISTS.has(parent)) found.push({ code: 'list-item-outside-list', where: `directly in ${inRegion ? 'its' : 'a'} <${parent}>` });
    for (const child of node.childNodes) pending.push({ node: child, parent: node.tagName, inRegion: false });
  }
  return found;
}
