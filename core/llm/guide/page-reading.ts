/**
 * The indexed page text of the DOM reader, read back into lines and searchable documents. A heading's
 * or a section's document holds the text of the lines under it; a plain line's document is its own
 * text. Links, navigation landmarks and folded blocks lead elsewhere: they are not answers. The work
 * is bounded by `maxLines`.
 */
import { MAX_LINE_CHARS, lineText, parseLine, type PageLine } from './page-lines.js';

const MAX_BLOCK_CHARS = 4_000;

export interface PageDoc {
  key: number;
  kind: 'heading' | 'section' | 'line';
  /** Index of its line in `PageReading.lines`. */
  line: number;
  title: string;
  body: string;
  /** Links and navigation landmarks lead elsewhere; they are not answers. */
  navigational: boolean;
}

export interface PageReading {
  lines: PageLine[];
  docs: PageDoc[];
  /** The URL the reader printed on its first line, if any. */
  url?: string;
}

/** Reads at most `maxLines` lines of the page text. Never throws. */
export function readPage(pageLines: readonly string[], maxLines: number): PageReading {
  const reading: PageReading = { lines: [], docs: [] };
  const sections: Array<{ depth: number; name: string }> = [];
  let seenContent = false;
  for (const raw of pageLines) {
    if (reading.lines.length >= maxLines) break;
    let depth = 0;
    while (depth < raw.length && raw.charCodeAt(depth) === 9) depth++;
    const content = raw.slice(depth, depth + MAX_LINE_CHARS).trim();
    if (!content) continue;
    if (!seenContent && depth === 0) {
      // The reader's own first lines.
      if (content.startsWith('url: ')) {
        reading.url ??= content.slice(5).trim();
        continue;
      }
      if (content.startsWith('title: ')) continue;
    }
    seenContent = true;
    const line = parseLine(content, depth);
    while (sections.length > 0 && sections[sections.length - 1]!.depth >= depth) sections.pop();
    line.inNav = line.sectionName === 'nav' || sections.some((section) => section.name === 'nav');
    if (line.kind === 'section') sections.push({ depth, name: line.sectionName ?? '' });
    reading.lines.push(line);
  }
  reading.docs = buildDocs(reading.lines);
  return reading;
}

/** Index just past the last line of the block that line `at` opens (a heading's or a section's content). */
export function blockEnd(lines: readonly PageLine[], at: number): number {
  const opener = lines[at]!;
  let j = at + 1;
  for (; j < lines.length; j++) {
    const line = lines[j]!;
    if (opener.kind === 'section') {
      if (line.depth <= opener.depth) break;
    } else if (line.depth < opener.depth || (line.depth === opener.depth && (line.kind === 'section' || (line.kind === 'heading' && line.level <= opener.level)))) {
      break;
    }
  }
  return j;
}

function blockText(lines: readonly PageLine[], from: number, to: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let j = from; j < to && length < MAX_BLOCK_CHARS; j++) {
    const text = lineText(lines[j]!);
    if (!text) continue;
    parts.push(text);
    length += text.length + 1;
  }
  return parts.join(' ').slice(0, MAX_BLOCK_CHARS);
}

function buildDocs(lines: readonly PageLine[]): PageDoc[] {
  const docs: PageDoc[] = [];
  lines.forEach((line, index) => {
    const key = docs.length;
    if (line.kind === 'heading') {
      const title = lineText(line);
      const body = blockText(lines, index + 1, blockEnd(lines, index));
      if (title || body) docs.push({ key, kind: 'heading', line: index, title, body, navigational: line.inNav });
    } else if (line.kind === 'section') {
      const body = blockText(lines, index + 1, blockEnd(lines, index));
      if (body) docs.push({ key, kind: 'section', line: index, title: line.label, body, navigational: line.inNav });
    } else {
      const body = lineText(line);
      if (body) docs.push({ key, kind: 'line', line: index, title: '', body, navigational: line.inNav || line.link || line.folds.length > 0 });
    }
  });
  return docs;
}
