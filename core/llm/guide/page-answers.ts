/**
 * What the guide shows from a page reading: the element to point at for a document, the page's own
 * words to quote, the link that leads to a page it goes to.
 */
import { visibleText } from './page-lines.js';
import { blockEnd, type PageDoc, type PageReading } from './page-reading.js';
import { clip, flatten } from './plain-text.js';

/** How far a target or a quote is looked for around a line. */
const SCAN_LINES = 200;
/** A quote stops taking more lines once it is this long. */
const QUOTE_TARGET_CHARS = 100;
const QUOTE_MAX_CHARS = 180;
const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

export interface PageTarget {
  id: string;
  /** The element is the matched content itself (or holds it), not merely near it. */
  exact: boolean;
}

/**
 * The element to point at for a document. A line or heading that renders an element is that element;
 * content after a container element (a labelled region, a clickable card) is that container's; a
 * heading or section points at the first container in its block. Otherwise the nearest element in the
 * same block only brings the place into view (`exact: false`).
 */
export function targetOf(reading: PageReading, doc: PageDoc): PageTarget | undefined {
  const { lines } = reading;
  const line = lines[doc.line]!;
  if (line.ownId) return { id: line.ownId, exact: true };
  if (doc.kind !== 'line') {
    const end = Math.min(blockEnd(lines, doc.line), doc.line + 1 + SCAN_LINES);
    let near: string | undefined;
    for (let j = doc.line + 1; j < end; j++) {
      const inner = lines[j]!;
      if (inner.container && inner.ownId) return { id: inner.ownId, exact: true };
      near ??= inner.ids[0];
    }
    return near ? { id: near, exact: false } : undefined;
  }
  const depth = line.depth;
  for (let j = doc.line - 1; j >= Math.max(0, doc.line - SCAN_LINES); j--) {
    const before = lines[j]!;
    if (before.depth < depth) break;
    if (before.depth > depth) continue;
    if (before.kind !== 'content') break;
    if (before.container && before.ownId) return { id: before.ownId, exact: true };
  }
  if (line.ids[0]) return { id: line.ids[0], exact: false };
  for (let j = doc.line + 1; j < Math.min(lines.length, doc.line + 1 + SCAN_LINES); j++) {
    const after = lines[j]!;
    if (after.depth < depth) break;
    if (after.depth === depth && after.kind !== 'content') break;
    if (after.ids[0]) return { id: after.ids[0], exact: false };
  }
  for (let j = doc.line - 1; j >= Math.max(0, doc.line - SCAN_LINES); j--) {
    const before = lines[j]!;
    if (before.depth < depth) break;
    if (before.depth === depth && before.kind !== 'content') break;
    if (before.ids[0]) return { id: before.ids[0], exact: false };
  }
  return undefined;
}

/**
 * What the page says at a document, as one clipped, flattened line of its own text: a heading or a
 * section with the first content under it, a line with the lines that follow it in the same place.
 */
export function quoteOf(reading: PageReading, doc: PageDoc): string {
  const { lines } = reading;
  const line = lines[doc.line]!;
  const parts: string[] = [];
  let length = 0;
  const add = (text: string): void => {
    if (!text || text === parts[parts.length - 1]) return;
    parts.push(text);
    length += text.length + 1;
  };
  let end: number;
  let sameDepthOnly = false;
  if (doc.kind === 'line') {
    add(visibleText(line));
    // A table row stands alone; a line of prose may need the next (a question its answer).
    end = line.text.includes(' | ') ? doc.line + 1 : Math.min(lines.length, doc.line + 8);
    sameDepthOnly = true;
  } else {
    end = Math.min(blockEnd(lines, doc.line), doc.line + 1 + SCAN_LINES);
  }
  const lead = doc.kind === 'line' ? '' : visibleText(line);
  for (let j = doc.line + 1; j < end && length < QUOTE_TARGET_CHARS; j++) {
    const next = lines[j]!;
    if (sameDepthOnly && (next.depth !== line.depth || next.kind !== 'content')) break;
    // Controls and sections are not what the page says: a button's name would read as prose.
    if (next.kind === 'section' || next.ownId) continue;
    add(visibleText(next));
  }
  const rest = parts.join(' ');
  const separator = CJK_END.test(lead) ? '：' : ': ';
  const quote = lead && rest ? `${lead}${separator}${rest}` : lead || rest;
  return clip(flatten(quote), QUOTE_MAX_CHARS);
}

/** The id of a link whose whole text is `name` (case and spacing aside), to point at while going there. */
export function linkNamed(reading: PageReading, name: string): string | undefined {
  const wanted = flatten(name).toLowerCase();
  if (!wanted) return undefined;
  for (const line of reading.lines) {
    if (line.link && line.ownId && (line.text || line.label).toLowerCase() === wanted) return line.ownId;
  }
  return undefined;
}
