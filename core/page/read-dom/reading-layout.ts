import { foldId } from './fold-ids.js';
import { FoldMap, type Fold } from './folds.js';
import type { WrittenLines } from './output-writer.js';
import type { NameFold } from './dom-reader.js';
import { headAtWord } from './text.js';

/** A run of lines the reading shows as one `⟪f3 folded: …⟫` line. */
export interface FoldSpec {
  /** Lines `[start, end)` of the walk's output. */
  start: number;
  end: number;
  /** Depth the fold line is written at. */
  depth: number;
  /** The element the fold stands for, and which part of it (`''` for all of it): its id's key. */
  anchor: Element;
  part: string;
  /** A section's own opening (`<footer>`), written before the marker so the outline stays readable. */
  opener?: string;
  /** Set for folds made to keep the reading within its length budget. */
  forLength?: boolean;
}

export interface RenderedReading {
  text: string;
  /** Ids shown in `text`, in order. */
  ids: string[];
  folds: FoldMap;
}

/**
 * A line of nothing but pictures that says again what a line before it said (a teaser image
 * repeated down a list) is written once: alt text is not on the page, and the repeat adds nothing.
 * Other repeated text is kept, as a page repeats its words on purpose (a refrain, a table's rows).
 */
const IMAGES_ONLY = /^(?:!\[[^\]]*\]\s*)+$/;
/**
 * A long heading said twice word for word is one headline laid out twice (a page header and an
 * article header); short ones ("Pros", "Notes") repeat on purpose and stay.
 */
const REPEATED_HEADING = /^#{1,6} .{24,}$/;
const SUMMARY_NAMES = 3;
const SUMMARY_NAME_LENGTH = 28;
/** A link's name runs to its closing tag, the next rendering, or the punctuation that ends it without one. */
const LINK_NAME = /\[[0-9a-z]+\]<a(?:\s[^>]*)?>([^[⟪\n]*?)(?=<\/a>|\s\[|[,;\]]|\.\s|$)/g;
const RENDERING = /\[[0-9a-z]+\]<[^>]*>|<\/[a-z][\w-]*>/g;
const FOLD_MARKER = /⟪(f[0-9a-z]+) folded/g;

/**
 * The walk's lines and the folds chosen over them: what each part costs in the reading, the fold
 * lines, and the final text with every fold's full reading one `read_text` away.
 */
export class ReadingLayout {
  private readonly prefix: number[];
  private folds: FoldSpec[] = [];
  private readonly foldLines = new Map<FoldSpec, string>();
  private readonly headerCost: number;

  constructor(
    readonly lines: WrittenLines,
    private readonly headerLines: string[],
    private readonly elements: ReadonlyMap<string, Element>,
    private readonly nameFolds: readonly NameFold[],
  ) {
    const prefix = [0];
    for (let i = 0; i < lines.content.length; i++) prefix.push(prefix[i]! + this.lineCost(i));
    this.prefix = prefix;
    this.headerCost = headerLines.reduce((sum, line) => sum + line.length + 1, 0);
  }

  get lineCount(): number {
    return this.lines.content.length;
  }

  /** Whether a line is written at all: an emptied line (an image its caption repeated) is not. */
  shown(i: number): boolean {
    return this.lines.content[i] !== '' || this.lines.ids[i]!.length > 0;
  }

  private lineCost(i: number): number {
    return this.shown(i) ? this.lines.depth[i]! + this.lines.content[i]!.length + 1 : 0;
  }

  /** Characters lines `[start, end)` take when written out. */
  cost(start: number, end: number): number {
    return this.prefix[end]! - this.prefix[start]!;
  }

  /** Characters lines `[start, end)` take in the reading as the folds inside them stand. */
  shownCost(start: number, end: number): number {
    let total = this.cost(start, end);
    for (const fold of this.folds) {
      if (start <= fold.start && fold.end <= end) total += this.foldLineCost(fold) - this.cost(fold.start, fold.end);
    }
    return total;
  }

  /** Characters of the whole reading as the folds stand. */
  total(): number {
    return this.headerCost + this.shownCost(0, this.lineCount);
  }

  get header(): number {
    return this.headerCost;
  }

  foldLineCost(fold: FoldSpec): number {
    return fold.depth + this.foldLine(fold).length + 1;
  }

  /** The fold that covers line `i`, if any. */
  foldAt(i: number): FoldSpec | undefined {
    return this.folds.find((fold) => fold.start <= i && i < fold.end);
  }

  /** Whether lines `[start, end)` all lie inside one fold. */
  folded(start: number, end: number): boolean {
    return this.folds.some((fold) => fold.start <= start && end <= fold.end);
  }

  /** The folds as they stand, to go back to with `restore`. */
  snapshot(): readonly FoldSpec[] {
    return [...this.folds];
  }

  restore(folds: readonly FoldSpec[]): void {
    this.folds = [...folds];
  }

  get hasLengthFolds(): boolean {
    return this.folds.some((fold) => fold.forLength);
  }

  /** Adds a fold, absorbing the folds inside it; one inside or across an existing fold adds nothing. */
  add(spec: FoldSpec): boolean {
    if (spec.end <= spec.start) return false;
    const inside = (fold: FoldSpec) => spec.start <= fold.start && fold.end <= spec.end;
    const apart = (fold: FoldSpec) => fold.end <= spec.start || spec.end <= fold.start;
    if (this.folds.some((fold) => !inside(fold) && !apart(fold))) return false;
    this.folds = this.folds.filter((fold) => !(spec.start <= fold.start && fold.end <= spec.end));
    this.folds.push(spec);
    this.folds.sort((a, b) => a.start - b.start);
    return true;
  }

  /** What folding `[start, end)` into one line at `depth` would save; negative when it costs more. */
  saving(spec: FoldSpec): number {
    return this.shownCost(spec.start, spec.end) - this.foldLineCost(spec);
  }

  /** `<footer> ⟪f3 folded: 36 links, 540 chars — Home · About · Careers · …⟫` */
  foldLine(spec: FoldSpec): string {
    let line = this.foldLines.get(spec);
    if (line === undefined) {
      const id = foldId(spec.anchor, spec.part);
      const counts = this.counts(spec);
      const names = this.names(spec);
      line = `${spec.opener ? `${spec.opener} ` : ''}⟪${id} folded: ${counts}${names ? ` — ${names}` : ''}⟫`;
      this.foldLines.set(spec, line);
    }
    return line;
  }

  private counts(spec: FoldSpec): string {
    let links = 0;
    let fields = 0;
    let others = 0;
    for (let i = spec.start; i < spec.end; i++) {
      for (const id of this.lines.ids[i]!) {
        const tag = this.elements.get(id)?.localName;
        if (tag === 'a') links += 1;
        else if (tag === 'input' || tag === 'select' || tag === 'textarea') fields += 1;
        else others += 1;
      }
    }
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    const parts: string[] = [];
    if (links > 0) parts.push(plural(links, 'link'));
    if (fields > 0) parts.push(plural(fields, 'field'));
    if (others > 0) parts.push(plural(others, 'control'));
    // Preformatted text is counted in lines too: that is how code and listings are sized up.
    if (this.lines.preformatted[spec.start]) parts.push(plural(spec.end - spec.start, 'line'));
    parts.push(`${this.cost(spec.start, spec.end)} chars`);
    return parts.join(', ');
  }

  /** A few words that say what is folded: its headings, else its link names, else how it begins. */
  private names(spec: FoldSpec): string {
    const headings: string[] = [];
    const links: string[] = [];
    let first = '';
    let more = false;
    for (let i = spec.start; i < spec.end && headings.length <= SUMMARY_NAMES; i++) {
      const content = this.lines.content[i]!;
      if (!content) continue;
      if (content.startsWith('#')) {
        const heading = plainText(content.replace(/^#+\s*/, ''));
        if (heading) headings.push(heading);
        continue;
      }
      if (links.length <= SUMMARY_NAMES && content.includes(']<a')) {
        for (const match of content.matchAll(LINK_NAME)) {
          const name = plainText(match[1]!);
          if (name && !links.includes(name)) links.push(name);
        }
      }
      if (!first && !content.startsWith('<')) first = plainText(content);
    }
    // Preformatted text is best told by how it begins; its links are fragments of it.
    let names = headings.length > 0 ? headings : this.lines.preformatted[spec.start] ? [] : links;
    if (names.length > SUMMARY_NAMES) {
      names = names.slice(0, SUMMARY_NAMES);
      more = true;
    }
    if (names.length === 0) return first ? `${headAtWord(first, 60)}${first.length > 60 ? ' …' : ''}` : '';
    return names.map((name) => headAtWord(name, SUMMARY_NAME_LENGTH)).join(' · ') + (more ? ' · …' : '');
  }

  /** The reading as the folds stand, with each fold's full reading behind its id. */
  render(): RenderedReading {
    const out = [...this.headerLines];
    const ids: string[] = [];
    const folds = new FoldMap();
    const seen = new Set<string>();
    const { content, depth, full } = this.lines;
    let next = 0;
    for (let i = 0; i < this.lineCount; ) {
      const fold = this.folds[next];
      if (fold && fold.start === i) {
        const line = this.foldLine(fold);
        out.push('\t'.repeat(fold.depth) + line);
        const id = foldId(fold.anchor, fold.part);
        folds.set(id, this.foldOf(id, fold));
        next += 1;
        i = fold.end;
        continue;
      }
      if (this.shown(i)) {
        const lineIds = this.lines.ids[i]!;
        const text = content[i]!;
        const checked = lineIds.length === 0 && (IMAGES_ONLY.test(text) || REPEATED_HEADING.test(text));
        if (!(checked && seen.has(text))) {
          if (checked) seen.add(text);
          out.push('\t'.repeat(depth[i]!) + text);
          ids.push(...lineIds);
          if (full[i] !== undefined) this.addNameFolds(text, folds);
        }
      }
      i += 1;
    }
    return { text: out.join('\n'), ids, folds };
  }

  private addNameFolds(line: string, folds: FoldMap): void {
    for (const match of line.matchAll(FOLD_MARKER)) {
      const name = this.nameFolds.find((fold) => fold.id === match[1]);
      if (name) folds.set(name.id, { id: name.id, text: name.text, elements: name.elements, anchor: name.anchor });
    }
  }

  /** A fold's full reading is put together only when someone asks for it. */
  private foldOf(id: string, spec: FoldSpec): Fold {
    const lines = this.lines;
    let text: string | undefined;
    let elements: Map<string, Element> | undefined;
    const known = this.elements;
    return {
      id,
      anchor: spec.anchor,
      get text() {
        if (text === undefined) {
          const parts: string[] = [];
          for (let i = spec.start; i < spec.end; i++) {
            const line = lines.full[i] ?? lines.content[i]!;
            if (!line && lines.ids[i]!.length === 0) continue;
            parts.push('\t'.repeat(Math.max(0, lines.depth[i]! - spec.depth)) + line);
          }
          text = parts.join('\n');
        }
        return text;
      },
      get elements() {
        if (elements === undefined) {
          elements = new Map();
          for (let i = spec.start; i < spec.end; i++) for (const id of lines.ids[i]!) elements.set(id, known.get(id)!);
        }
        return elements;
      },
    };
  }
}

/** A line's words without the element renderings and closing tags around them. */
function plainText(text: string): string {
  return text.replace(RENDERING, ' ').replace(/[⟪⟫]/g, '').replace(/\s+/g, ' ').trim();
}
