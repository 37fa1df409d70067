/**
 * The indexed page text of the DOM reader, read back into lines and searchable documents. Each line is
 * `\t`-indented; `[id]<tag …>` marks an element that can be operated; `# …` is a heading; a line that is
 * only `<name …>` opens a section whose content is indented under it; `⟪f3 folded: … — names⟫` stands for
 * a folded block (its names are kept as a label, and the line leads elsewhere, like a link); a bare
 * `<tag aria-label=…>` gives a name, not text. A heading's or a section's document holds the text of the
 * lines under it; a plain line's document is its own text. Page text is untrusted: it is only scanned
 * with fixed patterns, and the work is bounded by `maxLines`.
 */
import { clip, flatten } from './plain-text.js';

const MAX_LINE_CHARS = 1_000;
const MAX_BLOCK_CHARS = 4_000;
/** How far a target or a quote is looked for around a line. */
const SCAN_LINES = 200;
/** A quote stops taking more lines once it is this long. */
const QUOTE_TARGET_CHARS = 100;
export const QUOTE_MAX_CHARS = 180;

const HEADING = /^(?:\[([0-9a-z]{1,12})\])?(#{1,6}) (.*)$/;
const LONE_TAG = /^(?:\[([0-9a-z]{1,12})\])?<([a-z][a-z0-9-]{0,30})((?:\s[^<>]*)?)>$/;
const RENDERING = /\[([0-9a-z]{1,12})\]<([a-z][a-z0-9-]{0,30})/y;
const CLOSING_TAG = /<\/([a-z][a-z0-9-]{0,30})>/y;
const LABEL_ATTRIBUTE = /(?:^|\s)(?:aria-label|placeholder|alt|title)=(?:"([^"]*)"|([^\s"'<>`]+))/g;
/** A fold marker: its id, and the names after the dash (a folded menu's first links, a block's headings). */
const FOLD_MARKER = /⟪(f[0-9a-z]{1,12}) folded: [^⟫—]*(?:— ([^⟫]*))?⟫/g;
/** A name the reader gives to an element that is not a control: `<span aria-label="…">`. */
const LABELLED_OPENING = /<[a-z][a-z0-9-]{0,30} aria-label=(?:"[^"]*"|[^\s"'<>`]+)>/y;
const HEADING_TAG = /^h([1-6])$/;
const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
/** Tags the reader opens as sections (the landmark roles map to these names too). */
const SECTION_NAMES = new Set(['main', 'nav', 'header', 'footer', 'aside', 'section', 'article', 'form', 'fieldset', 'dialog', 'details', 'search', 'region', 'iframe']);
/** Controls whose rendering is the whole element: an empty one is not a container of the lines after it. */
const LEAF_TAGS = new Set(['a', 'button', 'input', 'select', 'textarea', 'label', 'summary', 'option', 'img', 'iframe']);

export interface PageLine {
  depth: number;
  kind: 'heading' | 'section' | 'content';
  /** A heading's level, 0 for other lines. */
  level: number;
  /** A section's tag or landmark name. */
  sectionName?: string;
  /** The id of the element the line renders, when the line starts with it. */
  ownId?: string;
  /** Every id shown in the line, in order. */
  ids: string[];
  /** `[id]<div …>` alone: an element whose content is read on the lines after it. */
  container: boolean;
  /** The line is a link. */
  link: boolean;
  /** Inside a navigation landmark. */
  inNav: boolean;
  /** Visible text, element renderings removed. */
  text: string;
  /** Names given by attributes (aria-label, placeholder, alt, title), and a fold's names. */
  label: string;
  /** The ids of the folded blocks the line shows. */
  folds: string[];
}

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

export interface PageTarget {
  id: string;
  /** The element is the matched content itself (or holds it), not merely near it. */
  exact: boolean;
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

function parseLine(raw: string, depth: number): PageLine {
  const line: PageLine = { depth, kind: 'content', level: 0, ids: [], container: false, link: false, inNav: false, text: '', label: '', folds: [] };
  const foldNames: string[] = [];
  const content = raw.includes('⟪')
    ? raw
        .replace(FOLD_MARKER, (_, id: string, names: string | undefined) => {
          line.folds.push(id);
          if (names) foldNames.push(names.replace(/ · …$/, '').replace(/ · /g, ', '));
          return ' ';
        })
        .trim()
    : raw;
  parseContent(line, content);
  if (line.folds.length > 0) {
    // A folded section holds nothing on the lines below it: the line itself is what it shows.
    if (line.kind === 'section') line.kind = 'content';
    line.label = flatten([line.label, ...foldNames].filter(Boolean).join(' '));
  }
  return line;
}

function parseContent(line: PageLine, content: string): void {
  const heading = HEADING.exec(content);
  if (heading) {
    line.kind = 'heading';
    line.level = heading[2]!.length;
    if (heading[1]) {
      line.ownId = heading[1];
      line.ids.push(heading[1]);
    }
    readInline(heading[3]!, line);
    return;
  }
  const lone = LONE_TAG.exec(content);
  if (lone) {
    const [, id, name, attributes] = lone;
    line.label = labelsOf(attributes ?? '');
    if (id) {
      line.ownId = id;
      line.ids.push(id);
    }
    if (!id || SECTION_NAMES.has(name!)) {
      line.kind = 'section';
      line.sectionName = name!;
      return;
    }
    const level = HEADING_TAG.exec(name!);
    if (level) {
      line.kind = 'heading';
      line.level = Number(level[1]);
      return;
    }
    line.container = !LEAF_TAGS.has(name!);
    line.link = name === 'a';
    return;
  }
  readInline(content, line);
}

/** Splits a line into its visible text, the ids it shows and the labels of its element renderings. */
function readInline(content: string, line: PageLine): void {
  let text = '';
  const labels: string[] = [];
  const open: string[] = [];
  let i = 0;
  while (i < content.length) {
    const c = content[i]!;
    if (c === '[') {
      RENDERING.lastIndex = i;
      const rendering = RENDERING.exec(content);
      if (rendering) {
        const end = tagEnd(content, RENDERING.lastIndex);
        const [, id, tag] = rendering;
        line.ids.push(id!);
        open.push(tag!);
        labels.push(labelsOf(content.slice(RENDERING.lastIndex, end)));
        if (i === 0) {
          line.ownId = id!;
          line.link = tag === 'a';
          const level = HEADING_TAG.exec(tag!);
          if (level && line.kind === 'content') {
            line.kind = 'heading';
            line.level = Number(level[1]);
          }
        }
        text += ' ';
        i = end + 1;
        continue;
      }
    } else if (c === '<' && content[i + 1] === '/') {
      CLOSING_TAG.lastIndex = i;
      const closing = CLOSING_TAG.exec(content);
      if (closing && open.includes(closing[1]!)) {
        text += ' ';
        i = CLOSING_TAG.lastIndex;
        continue;
      }
    } else if (c === '<' && content[i + 1] !== '/') {
      LABELLED_OPENING.lastIndex = i;
      const opening = LABELLED_OPENING.exec(content);
      if (opening) {
        labels.push(labelsOf(opening[0].slice(opening[0].indexOf(' '), -1)));
        open.push(opening[0].slice(1, opening[0].indexOf(' ')));
        text += ' ';
        i = LABELLED_OPENING.lastIndex;
        continue;
      }
    } else if (c === '!' && content[i + 1] === '[') {
      const close = content.indexOf(']', i + 2);
      if (close > 0 && close - i <= 60) {
        text += ` ${content.slice(i + 2, close)} `;
        i = close + 1;
        continue;
      }
    }
    text += c;
    i++;
  }
  line.text = flatten(text);
  line.label = flatten(labels.filter(Boolean).join(' '));
}

/** The index of the `>` that closes a tag opened before `from`, skipping quoted values; the end of the text if none. */
function tagEnd(content: string, from: number): number {
  let quoted = false;
  for (let i = from; i < content.length; i++) {
    const c = content[i];
    if (c === '"') quoted = !quoted;
    else if (c === '>' && !quoted) return i;
  }
  return content.length - 1;
}

function labelsOf(attributes: string): string {
  const labels: string[] = [];
  for (const match of attributes.matchAll(LABEL_ATTRIBUTE)) labels.push(match[1] ?? match[2] ?? '');
  return flatten(labels.join(' '));
}

/** The searchable text of a line: its labels, then what it shows. */
export function lineText(line: PageLine): string {
  if (!line.label) return line.text;
  return line.text ? `${line.label} ${line.text}` : line.label;
}

/** The text a visitor sees on a line, for quoting: what it shows, else its label. */
function visibleText(line: PageLine): string {
  return line.text || line.label;
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
