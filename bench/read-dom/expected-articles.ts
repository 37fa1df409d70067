// The article Mozilla's Readability extracts from each corpus page (saved beside the pages, under
// the same name), as the words a reading should keep.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'parse5';
import { wordsOf } from '../../test/browser/page/support/article-recall.js';

const expectedDir = fileURLToPath(new URL('../../../shared/corpus/pages-expected/', import.meta.url));

interface TreeNode {
  nodeName: string;
  value?: string;
  childNodes?: TreeNode[];
}

/** The document's text content: every text node's value, in order, as `textContent` gives it. */
function textContent(node: TreeNode, out: string[]): void {
  if (node.nodeName === '#text') out.push(node.value ?? '');
  for (const child of node.childNodes ?? []) textContent(child, out);
}

export function expectedArticleWords(page: string): string[] {
  const text: string[] = [];
  textContent(parse(readFileSync(`${expectedDir}${page}`, 'utf8')) as unknown as TreeNode, text);
  return wordsOf(text.join(''));
}
