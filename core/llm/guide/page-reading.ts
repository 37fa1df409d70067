/**
 * The indexed page text of the DOM reader, read back into lines: each with its depth, its kind and
 * whether it is inside a navigation landmark, and where a heading's or a section's block ends. The work
 * is bounded by `maxLines`.
 */
import { MAX_LINE_CHARS, parseLine, type PageLine } from './page-lines.js';

export interface PageReading {
  lines: PageLine[];
  /** The URL the reader printed on its first line, if any. */
  url?: string;
  /** The document title the reader printed, if any. */
  title?: string;
}

/** Reads at most `maxLines` lines of the page text. Never throws. */
export function readPage(pageLines: readonly string[], maxLines: number): PageReading {
  const reading: PageReading = { lines: [] };
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
      if (content.startsWith('title: ')) {
        reading.title ??= content.slice(7).trim().slice(0, 200);
        continue;
      }
    }
    seenContent = true;
    const line = parseLine(content, depth);
    while (sections.length > 0 && sections[sections.length - 1]!.depth >= depth) sections.pop();
    line.inNav = line.sectionName === 'nav' || sections.some((section) => section.name === 'nav');
    if (line.kind === 'section') sections.push({ depth, name: line.sectionName ?? '' });
    reading.lines.push(line);
  }
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
