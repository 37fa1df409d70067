// The benchmark's catalog: every block of text a reader sees on the 44 saved pages of the shared
// corpus, under the heading it sits beneath. A paragraph, list item, table cell, caption, quote or
// code block (any run of inline text between blocks) is one item: title, its section's heading;
// body, its text; page, the page's title. A block longer than PASSAGE_WORDS words is cut at sentence
// ends into passages of about that many words (about two sentences), the way passage retrieval cuts
// long documents, so that an item is something one answer can point at.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'parse5';

export interface CatalogItem {
  /** `<page file>#<n>`: the page's file name without `.html`, and the item's place on it. */
  id: string;
  title: string;
  body: string;
  page: string;
}

/** The saved pages live beside the checkout, in `../shared/corpus/pages`. */
export const CORPUS_PAGES = fileURLToPath(new URL('../../../shared/corpus/pages/', import.meta.url));

const PASSAGE_WORDS = 30;
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'head', 'iframe', 'select', 'button', 'nav', 'form']);
const HEADING = /^h[1-6]$/;
const INLINE = new Set(['#text', 'a', 'span', 'em', 'strong', 'b', 'i', 'u', 's', 'small', 'big', 'sub', 'sup', 'code', 'abbr', 'cite', 'q', 'time', 'mark', 'br', 'img', 'label', 'font', 'del', 'ins', 'kbd', 'var', 'samp', 'wbr', 'bdi', 'bdo', 'dfn', 'data', 'tt', 'nobr']);
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

interface Node {
  nodeName: string;
  value?: string;
  childNodes?: Node[];
}

function textOf(node: Node): string {
  if (node.nodeName === '#text') return node.value ?? '';
  if (SKIP.has(node.nodeName)) return '';
  if (node.nodeName === 'br') return ' ';
  const text = (node.childNodes ?? []).map(textOf).join('');
  return INLINE.has(node.nodeName) ? text : ` ${text} `;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Worth an item: two words or more, or four CJK characters (which have no spaces). */
function worthAnItem(text: string): boolean {
  if (CJK.test(text)) return Array.from(text.matchAll(new RegExp(CJK.source, 'gu'))).length >= 4;
  return text.split(' ').length >= 2;
}

/** Sentence-sized pieces of about PASSAGE_WORDS words; CJK text counts one word per character. */
export function passages(text: string): string[] {
  const sentences = text.match(/[^.!?。！？]+(?:[.!?。！？]+["'”’)]*\s*|$)/gu) ?? [text];
  const size = (s: string) => (CJK.test(s) ? Math.ceil(s.length / 2) : s.split(' ').length);
  const out: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    if (current && size(current) + size(sentence) > PASSAGE_WORDS) {
      out.push(squash(current));
      current = '';
    }
    current += sentence;
  }
  if (squash(current)) out.push(squash(current));
  return out;
}

function pageTitle(root: Node, fallback: string): string {
  let title = '';
  const find = (node: Node): void => {
    if (title) return;
    if (node.nodeName === 'title') title = squash((node.childNodes ?? []).map((c) => c.value ?? '').join(''));
    for (const child of node.childNodes ?? []) find(child);
  };
  find(root);
  return title || fallback;
}

export function pageItems(file: string, html: string): CatalogItem[] {
  const name = file.replace(/\.html$/, '');
  const root = parse(html) as unknown as Node;
  const page = pageTitle(root, name);
  const items: CatalogItem[] = [];
  let heading = page;
  const emit = (text: string) => {
    for (const body of passages(squash(text))) if (worthAnItem(body)) items.push({ id: `${name}#${items.length}`, title: heading, body, page });
  };
  // A container's text is read as runs of inline content between its blocks; each run is an item.
  const walk = (node: Node): void => {
    if (SKIP.has(node.nodeName)) return;
    if (HEADING.test(node.nodeName)) {
      const text = squash(textOf(node));
      if (text) heading = text;
      return;
    }
    let run = '';
    for (const child of node.childNodes ?? []) {
      if (child.nodeName === '#text' || INLINE.has(child.nodeName)) {
        run += child.nodeName === 'br' ? ' ' : textOf(child);
        continue;
      }
      emit(run);
      run = '';
      walk(child);
    }
    emit(run);
  };
  walk(root);
  return items;
}

/** Every page of the corpus, read once; items in file order. */
export function corpusItems(): CatalogItem[] {
  const files = readdirSync(CORPUS_PAGES).filter((file) => file.endsWith('.html')).sort();
  return files.flatMap((file) => pageItems(file, readFileSync(join(CORPUS_PAGES, file), 'utf8')));
}
