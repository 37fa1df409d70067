/**
 * A page reading as the facts a visitor asks about, not as lines: each cell of a table with its row
 * and column names, each row, each definition (term → description, question → answer), each sentence
 * of prose, each heading with its section, and each collapsed question (a closed `<details>`) that
 * must be opened to be read. Every fact carries the headings above it and a way to point at it.
 */
import { visibleText, type PageLine } from './page-lines.js';
import { blockEnd, type PageReading } from './page-reading.js';
import { clip, flatten } from './plain-text.js';

export type FactKind = 'cell' | 'row' | 'pair' | 'question' | 'sentence' | 'heading' | 'collapsed';

export interface PageFact {
  kind: FactKind;
  /** Index of its line in the reading. */
  line: number;
  /** What names it: a row and a column, a term, a question, a heading. */
  key: string;
  /** What it says. */
  value: string;
  /** The headings above it and a table's caption. */
  context: string;
  /** The element to point at: an id of the reading, or a `text:` target. */
  target?: string;
  /** For a collapsed question: the id of the summary that opens it. */
  opens?: string;
  /** Page chrome (header, footer, aside) says less about the request than the content does. */
  chrome: boolean;
}

const ROW_SEPARATOR = ' | ';
const CHECK = /^[✓✔☑✅]/u;
const CROSS = /^(?:[✗✕✘❌×]|[—–-](?=\s*$))/u;
/** A sentence ends at its stop, after any closing quote or bracket and citation marks (`sites.[67] Mozilla`). */
const SENTENCE_END = /(?<=[.!?。！？]["”’)\]]*(?:\s?\[[\w ]{1,8}\])*)\s+(?=[\p{Lu}\p{N}"“(\p{Script=Han}])/u;
const MAX_FACTS = 6_000;
const CHROME = new Set(['header', 'footer', 'aside', 'nav']);

/** How a table cell reads in words: a ✓ or ✗ (or — in a table of ✓) becomes yes or no. */
export function cellWords(cell: string, tableHasChecks: boolean): string {
  const text = cell.trim();
  const rest = text.replace(/^[✓✔☑✅✗✕✘❌×—–-]\s*/u, '').trim();
  if (CHECK.test(text)) return rest ? `yes, ${rest.toLowerCase()}` : 'yes, included';
  if (CROSS.test(text) && (tableHasChecks || !/^[—–-]/u.test(text))) return rest ? `no, ${rest.toLowerCase()}` : 'no, not included';
  return text;
}

export function readFacts(reading: PageReading): PageFact[] {
  const { lines } = reading;
  const facts: PageFact[] = [];
  const headings: Array<{ level: number; depth: number; title: string }> = [];
  const sections: Array<{ depth: number; name: string }> = [];
  const push = (fact: PageFact) => {
    if (facts.length < MAX_FACTS) facts.push(fact);
  };
  for (let i = 0; i < lines.length && facts.length < MAX_FACTS; i++) {
    const line = lines[i]!;
    while (sections.length > 0 && sections[sections.length - 1]!.depth >= line.depth) sections.pop();
    while (headings.length > 0 && headings[headings.length - 1]!.depth > line.depth) headings.pop();
    const chrome = sections.some((section) => CHROME.has(section.name)) || line.inNav;
    if (line.kind === 'section') {
      sections.push({ depth: line.depth, name: line.sectionName ?? '' });
      continue;
    }
    if (line.kind === 'heading') {
      while (headings.length > 0 && headings[headings.length - 1]!.level >= line.level && headings[headings.length - 1]!.depth >= line.depth) headings.pop();
    }
    const context = headings.map((heading) => heading.title).join(' › ');
    if (line.kind === 'heading') {
      const title = visibleText(line);
      const body = sectionText(lines, i);
      push({ kind: 'heading', line: i, key: title, value: body, context, target: sectionTarget(lines, i) ?? line.ownId ?? textTarget(title), chrome });
      headings.push({ level: line.level, depth: line.depth, title });
      continue;
    }
    if (line.link || line.inNav || line.folds.length > 0) continue;
    if (line.tag === 'summary' && line.ownId && /\bcollapsed\b/.test(line.attributes ?? '')) {
      push({ kind: 'collapsed', line: i, key: visibleText(line), value: '', context, target: line.ownId, opens: line.ownId, chrome });
      continue;
    }
    // A control's line is the control; a line that only starts with a link is prose.
    if (line.ownId && line.tag !== 'summary' && !(line.tag === 'a' && !line.link)) continue;
    if (line.text.includes(ROW_SEPARATOR)) {
      i = readTable(lines, i, context, chrome, push) - 1;
      continue;
    }
    readProse(lines, i, context, chrome, push);
  }
  return facts;
}

/** The first lines of a heading's section, as its value. */
function sectionText(lines: readonly PageLine[], at: number): string {
  const end = Math.min(blockEnd(lines, at), at + 40);
  const parts: string[] = [];
  let length = 0;
  for (let j = at + 1; j < end && length < 600; j++) {
    const next = lines[j]!;
    if (next.kind === 'section' || (next.ownId && next.tag !== 'summary')) continue;
    const text = visibleText(next);
    if (!text) continue;
    parts.push(text);
    length += text.length + 1;
  }
  return flatten(parts.join(' '));
}

/** A section is shown by the first element that holds its content (a labelled region, a card), if it has one. */
function sectionTarget(lines: readonly PageLine[], at: number): string | undefined {
  const end = Math.min(blockEnd(lines, at), at + 200);
  for (let j = at + 1; j < end; j++) {
    const inner = lines[j]!;
    if (inner.container && inner.ownId) return inner.ownId;
  }
  return undefined;
}

/** Rows of one table (consecutive lines with cells at one depth); returns the index after it. */
function readTable(lines: readonly PageLine[], from: number, context: string, chrome: boolean, push: (fact: PageFact) => void): number {
  const depth = lines[from]!.depth;
  let end = from;
  while (end < lines.length && lines[end]!.depth === depth && lines[end]!.kind === 'content' && lines[end]!.text.includes(ROW_SEPARATOR) && !lines[end]!.link) end++;
  // Flattened text joins the separators of empty cells (`A | |`): split on a bar with its spaces.
  const rows = lines.slice(from, end).map((line) => line.text.split(/\s?\|\s?/).map((cell) => cell.trim()));
  // A line of text right before the rows is the table's caption.
  const before = lines[from - 1];
  const caption = before && before.depth === depth && before.kind === 'content' && !before.ownId && !before.text.includes(ROW_SEPARATOR) ? visibleText(before) : '';
  const where = [context, caption].filter(Boolean).join(' › ');
  const width = Math.max(...rows.map((row) => row.length));
  const hasChecks = rows.some((row) => row.some((cell) => CHECK.test(cell)));
  const grid = width >= 3 && rows.length >= 2 && rows[0]!.length >= 3;
  const header = grid ? rows[0]! : [];
  rows.forEach((row, r) => {
    if (grid && r === 0) return;
    const rowName = row[0] ?? '';
    const last = row[row.length - 1] ?? '';
    const rowTarget = textTarget(rowName, last !== rowName ? last : undefined);
    if (!grid || row.length < 2) {
      if (row.length >= 2) push({ kind: 'pair', line: from + r, key: rowName, value: row.slice(1).map((cell) => cellWords(cell, hasChecks)).join('; '), context: where, target: rowTarget, chrome });
      return;
    }
    const cells = row.slice(1).map((cell, c) => ({ column: header[c + 1] ?? '', words: cellWords(cell, hasChecks), raw: cell }));
    push({ kind: 'row', line: from + r, key: rowName, value: cells.map((cell) => `${cell.column}: ${cell.words}`).join('; '), context: where, target: rowTarget, chrome });
    for (const cell of cells) {
      if (!cell.column) continue;
      push({ kind: 'cell', line: from + r, key: `${rowName} ${cell.column}`, value: `${cell.column}: ${cell.words}`, context: where, target: textTarget(rowName, cell.raw || undefined), chrome });
    }
  });
  return end;
}

/**
 * A line of prose: each sentence, and, when the line is short (a term, a question) and the next line
 * at its depth is not, the pair of the two.
 */
function readProse(lines: readonly PageLine[], at: number, context: string, chrome: boolean, push: (fact: PageFact) => void): void {
  const line = lines[at]!;
  const text = visibleText(line);
  if (!text) return;
  const next = followingText(lines, at);
  const question = /[?？]$/.test(text);
  const introduces = text.length <= 60 && /[:：]$/.test(text);
  if (next && (question || introduces || (text.length <= 60 && !/[.。!！]$/.test(text) && next.length > text.length))) {
    const answer = question ? questionAnswer(lines, at) : introduces ? listAfter(lines, at) : next;
    push({ kind: question ? 'question' : 'pair', line: at, key: text, value: answer, context, target: textTarget(leadWords(answer)), chrome });
  }
  for (const sentence of text.split(SENTENCE_END)) {
    const words = sentence.trim();
    if (words) push({ kind: 'sentence', line: at, key: '', value: words, context, target: textTarget(leadWords(words)), chrome });
  }
}

/** The text of the next content line at the same depth, if it is prose. */
function followingText(lines: readonly PageLine[], at: number): string | undefined {
  const line = lines[at]!;
  const next = lines[at + 1];
  if (!next || next.depth !== line.depth || next.kind !== 'content' || next.link || next.text.includes(ROW_SEPARATOR)) return undefined;
  if (next.ownId && next.tag !== 'summary') return undefined;
  return visibleText(next) || undefined;
}

/** A question's answer: the lines after it up to the next question, a heading or the end of its place. */
function questionAnswer(lines: readonly PageLine[], at: number): string {
  const depth = lines[at]!.depth;
  const parts: string[] = [];
  for (let j = at + 1; j < lines.length && parts.length < 4; j++) {
    const next = lines[j]!;
    if (next.depth !== depth || next.kind !== 'content') break;
    const text = visibleText(next);
    if (/[?？]$/.test(text)) break;
    if (text && !(next.ownId && next.tag !== 'summary')) parts.push(text);
  }
  return flatten(parts.join(' '));
}

/** The short lines a line ending with a colon introduces (what you need: a, b, c), as one list. */
function listAfter(lines: readonly PageLine[], at: number): string {
  const depth = lines[at]!.depth;
  const items: string[] = [];
  for (let j = at + 1; j < lines.length && items.length < 15; j++) {
    const next = lines[j]!;
    if (next.depth !== depth || next.kind !== 'content' || next.link) break;
    const text = visibleText(next);
    if (!text || text.length > 120 || /[:：]$/.test(text)) break;
    items.push(text);
  }
  return items.join(', ');
}

/** A `text:` target: the element showing these words (a cell's row name and value). */
function textTarget(first: string, second?: string): string | undefined {
  const parts = [first, second].map((part) => (part ? clip(flatten(part), 80).replace(/…$/, '').replace(/\|/g, ' ').trim() : '')).filter(Boolean);
  return parts.length > 0 ? `text:${parts.join('|')}` : undefined;
}

/** The first words of a text, enough to find its element and few enough to match the page's own spacing. */
function leadWords(text: string): string {
  const words = flatten(text).split(' ');
  let lead = '';
  for (const word of words) {
    if (lead && lead.length + word.length > 40) break;
    lead = lead ? `${lead} ${word}` : word;
  }
  return lead;
}
