/**
 * One line of the DOM reader's indexed page text, read back: its depth (`\t` indentation), what kind of
 * line it is, the ids it shows and its visible text. `[id]<tag …>` marks an element that can be
 * operated; `# …` is a heading; a line that is only `<name …>` opens a section whose content is indented
 * under it; `⟪f3 folded: … — names⟫` stands for a folded block (its names are kept as a label); a bare
 * `<tag aria-label=…>` gives a name, not text. Page text is untrusted: it is only scanned with fixed
 * patterns, and `readPage` reads at most `MAX_LINE_CHARS` of a line.
 */
import { flatten } from './plain-text.js';

export const MAX_LINE_CHARS = 1_000;

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
  /** The tag of the element the line starts with, and its printed attributes (`collapsed`, `type=email`). */
  tag?: string;
  attributes?: string;
  /** Every element rendering on the line, in order, with the text shown before it on the line. */
  renderings: Array<{ id: string; tag: string; attributes: string; textBefore: string }>;
}

export function parseLine(raw: string, depth: number): PageLine {
  const line: PageLine = { depth, kind: 'content', level: 0, ids: [], container: false, link: false, inNav: false, text: '', label: '', folds: [], renderings: [] };
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
    line.tag = name!;
    line.attributes = (attributes ?? '').trim().slice(0, 200);
    if (id) line.renderings.push({ id, tag: name!, attributes: line.attributes, textBefore: '' });
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
  /** Where the text after the last rendering starts. */
  let since = 0;
  /** Where the line's own link ended, when it ends before the line does. */
  let firstClosedAt: number | undefined;
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
        if (line.renderings.length < 20) line.renderings.push({ id: id!, tag: tag!, attributes: content.slice(RENDERING.lastIndex, end).trim().slice(0, 200), textBefore: flatten(text.slice(since)).slice(-80) });
        labels.push(labelsOf(content.slice(RENDERING.lastIndex, end)));
        if (i === 0) {
          line.ownId = id!;
          line.tag = tag!;
          line.attributes = content.slice(RENDERING.lastIndex, end).trim().slice(0, 200);
          line.link = tag === 'a';
          const level = HEADING_TAG.exec(tag!);
          if (level && line.kind === 'content') {
            line.kind = 'heading';
            line.level = Number(level[1]);
          }
        }
        text += ' ';
        since = text.length;
        i = end + 1;
        continue;
      }
    } else if (c === '<' && content[i + 1] === '/') {
      CLOSING_TAG.lastIndex = i;
      const closing = CLOSING_TAG.exec(content);
      if (closing && open.includes(closing[1]!)) {
        if (line.link && firstClosedAt === undefined && closing[1] === 'a') firstClosedAt = text.length;
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
  // A line that starts with a link and goes on with prose is prose with a link in it, not a link.
  if (line.link && firstClosedAt !== undefined && flatten(text.slice(firstClosedAt)).length > 20) line.link = false;
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

/** The text a visitor sees on a line, for quoting: what it shows, else its label. */
export function visibleText(line: PageLine): string {
  return line.text || line.label;
}
