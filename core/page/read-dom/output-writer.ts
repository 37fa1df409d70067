import { clipAtWord } from './text.js';

export interface Reservation {
  index: number;
  pendingClose: string;
  needSpace: boolean;
}

/** Text budget of one table cell: a row of many cells stays one readable line. */
const CELL_TEXT = 80;
const NON_TAB = /[^\t]/;
const WORD_START = /^[\p{L}\p{N}]/u;
const CLOSES_NAME = /^[\s\p{P}\p{S}[]/u;

/** Everything emitted so far is kept or dropped a whole line at a time; these are the kept lines. */
export interface WrittenOutput {
  lines: string[];
  /** For each line, the element ids it shows. */
  lineIds: string[][];
  /** True when `maxLength` stopped the output early. */
  truncated: boolean;
}

/**
 * Builds the tab-indented text a line at a time. Inline content (text, element renderings) is
 * gathered into the current line with HTML's whitespace rules; a block boundary ends the line.
 * Plain text in a line is held to a character budget, so long prose shrinks to its opening words
 * (ending in `…`) while every element rendering in that line is still written.
 */
export class OutputWriter {
  depth = 0;
  /** Set once the output reached its length limit: the reader stops walking. */
  full = false;

  private readonly lines: string[] = [];
  private readonly lineIds: string[][] = [];
  private length = 0;

  private parts: string[] = [];
  private ids: string[] = [];
  private needSpace = false;
  private pendingClose = '';
  private textLeft: number;
  private textCut = false;
  /** True inside `<pre>`: text keeps its whitespace and line breaks. */
  preformatted = false;
  /** Standalone images written in the last lines, dropped if the next lines repeat their alt text. */
  private recentImages: Array<{ line: number; token: string }> = [];
  /** Indexes of image pieces in the current line, and which of them stand outside any element. */
  private imageParts: number[] = [];
  private readonly standaloneImages = new Set<number>();
  /** Index of the last reserved opening: text right after an opening needs no space. */
  private openingAt = -1;

  constructor(
    private readonly textPerLine: number,
    private readonly limit: number,
  ) {
    this.textLeft = textPerLine;
  }

  get lineCount(): number {
    return this.lines.length;
  }

  /** Characters of plain text the current line (or name) can still take. */
  get textRoom(): number {
    return this.textLeft;
  }

  /** True once plain text in the current line (or name) was cut: more of it would not be written. */
  get textCutShort(): boolean {
    return this.textCut;
  }

  /** Adds page text to the current line, within the line's budget (or the current name's). */
  text(text: string): void {
    if (this.preformatted) {
      this.appendText(text);
      return;
    }
    if (text.charCodeAt(0) === 32) this.needSpace = true;
    const trailingSpace = text.charCodeAt(text.length - 1) === 32;
    const core = trailingSpace || this.needSpace ? text.trim() : text;
    if (core) this.appendText(core);
    if (trailingSpace) this.needSpace = true;
  }

  private appendText(core: string): void {
    if (this.textLeft <= 0) {
      if (!this.textCut) {
        this.push('…');
        this.textCut = true;
      }
      return;
    }
    if (core.length > this.textLeft) {
      this.push(clipAtWord(core, this.textLeft));
      this.textLeft = 0;
      this.textCut = true;
      return;
    }
    this.push(core);
    this.textLeft -= core.length;
  }

  /** Adds a rendering (an element, an image) to the current line; it is never cut. */
  token(token: string): void {
    this.push(token, token.startsWith('['));
  }

  /**
   * Adds an image's alt text, unless the line or the two before it already say the same words (a
   * caption, a heading); it is dropped again if the same words follow in this line, or, for an image
   * outside any element (`standalone`), in the next two lines.
   */
  image(alt: string, standalone: boolean): void {
    const lower = alt.toLowerCase();
    for (let i = Math.max(0, this.lines.length - 2); i < this.lines.length; i++) {
      if (this.lines[i]!.toLowerCase().includes(lower)) return;
    }
    this.push(`![${alt}]`);
    this.imageParts.push(this.parts.length - 1);
    if (standalone) this.standaloneImages.add(this.parts.length - 1);
  }

  /** A break between inline pieces that is not a line break (a `<br>`, a block inside a link). */
  space(): void {
    if (this.preformatted) this.parts.push('\n');
    else this.needSpace = true;
  }

  /** Puts a separator between table cells in one row line; each cell gets a fresh text budget. */
  cell(): void {
    if (this.parts.length > 0) {
      this.needSpace = false;
      this.push(' | ');
      this.needSpace = false;
    }
    this.textLeft = Math.min(this.textPerLine, CELL_TEXT);
    this.textCut = false;
  }

  /** Reserves the place of an element's opening rendering, filled in once its content is known. */
  reserve(): Reservation {
    const reservation = { index: 0, pendingClose: this.pendingClose, needSpace: this.needSpace };
    this.push('', true);
    reservation.index = this.parts.length - 1;
    this.openingAt = reservation.index;
    return reservation;
  }

  fill(reservation: Reservation, rendering: string): void {
    this.parts[reservation.index] = rendering;
    // An opening with nothing after it (an empty control) is followed by a space like any token.
    if (reservation.index === this.parts.length - 1) this.openingAt = -1;
  }

  /** Position in the current line, to look at or drop what came after it. */
  mark(): number {
    return this.parts.length;
  }

  contentSince(mark: number): string {
    return this.parts.slice(mark).join('').trim();
  }

  /** Takes back a reservation and everything after it, as if it had never been made. */
  drop(reservation: Reservation): void {
    this.parts.length = reservation.index;
    this.pendingClose = reservation.pendingClose;
    this.needSpace = reservation.needSpace;
  }

  /** Records an element id shown in the current line. */
  addId(id: string): void {
    this.ids.push(id);
  }

  /** Closes an element's rendering; the closing tag is written only if something follows in the line. */
  close(tag: string): void {
    this.pendingClose += `</${tag}>`;
  }

  /** Starts a stretch (an element's name, a heading) with its own text budget; returns the old one. */
  beginBudget(limit: number): [number, boolean] {
    const saved: [number, boolean] = [this.textLeft, this.textCut];
    this.textLeft = limit;
    this.textCut = false;
    return saved;
  }

  endBudget(saved: [number, boolean]): void {
    [this.textLeft, this.textCut] = saved;
  }

  /** Switches to preformatted text: whitespace and line breaks kept, up to `limit` characters. */
  beginPreformatted(limit: number): void {
    this.endLine();
    this.preformatted = true;
    this.textLeft = limit;
    this.textCut = false;
  }

  endPreformatted(): void {
    this.endLine();
    this.preformatted = false;
  }

  /** Writes a whole line of its own (a section opener) at the current depth. */
  line(content: string): void {
    this.endLine();
    this.writeLine(content, []);
  }

  /** Removes the last written line (a section opener whose section turned out empty). */
  removeLastLine(): void {
    const removed = this.lines.pop();
    this.lineIds.pop();
    if (removed !== undefined) this.length -= removed.length + 1;
  }

  /** Ends the current line: what was gathered is written at the current depth. */
  endLine(): void {
    if (this.parts.length > 0) {
      let content = this.parts.join('');
      if (this.imageParts.length > 0 && !this.preformatted) content = this.withoutRepeatedAlts(content);
      const ids = this.ids;
      const images = this.imageParts
        .filter((index) => this.standaloneImages.has(index))
        .map((index) => this.parts[index]!)
        .filter((piece) => piece !== '');
      this.parts = [];
      this.ids = [];
      this.imageParts = [];
      this.standaloneImages.clear();
      this.openingAt = -1;
      if (this.preformatted) {
        const rows = content.replace(/\s+$/, '').split('\n');
        while (rows.length > 0 && !rows[0]!.trim()) rows.shift();
        rows.forEach((row, i) => this.writeLine(row.replace(/\s+$/, ''), i === 0 ? ids : []));
      } else {
        // A row whose last cells held only blocks of their own ends in a bare separator.
        if (content.endsWith(' | ')) content = content.slice(0, -3);
        this.dropImagesRepeatedBy(content);
        this.writeLine(content, ids);
        if (images.length > 0 && !this.full) {
          for (const token of images) this.recentImages.push({ line: this.lines.length - 1, token });
        }
      }
    }
    this.needSpace = false;
    this.pendingClose = '';
    this.textLeft = this.textPerLine;
    this.textCut = false;
  }

  /**
   * A line that repeats the alt text of an image written just before it makes that image redundant.
   * Lines are only ever emptied here, not removed, so line counts taken by sections stay right;
   * `finish` drops the emptied ones.
   */
  private dropImagesRepeatedBy(content: string): void {
    if (this.recentImages.length === 0) return;
    const lower = content.toLowerCase();
    const oldest = this.lines.length - 2;
    this.recentImages = this.recentImages.filter((image) => image.line >= oldest);
    for (const image of this.recentImages) {
      if (!lower.includes(image.token.slice(2, -1).toLowerCase())) continue;
      const line = this.lines[image.line]!;
      const without = line.replace(image.token, '').replace(/ {2,}/g, ' ').replace(/ +$/, '');
      this.lines[image.line] = without;
      this.length -= line.length - without.length;
      image.line = -1;
    }
  }

  private withoutRepeatedAlts(content: string): string {
    let removed = false;
    const lower = content.toLowerCase();
    for (const index of this.imageParts) {
      const piece = this.parts[index]!;
      const alt = piece.slice(2, -1).toLowerCase();
      const first = lower.indexOf(alt);
      // The alt text also occurs outside its own piece: the image adds nothing.
      if (first >= 0 && lower.indexOf(alt, first + 1) >= 0) {
        this.parts[index] = '';
        removed = true;
      }
    }
    return removed ? this.parts.join('').replace(/ {2,}/g, ' ').trim() : content;
  }

  finish(): WrittenOutput {
    this.endLine();
    const lines: string[] = [];
    const lineIds: string[][] = [];
    this.lines.forEach((line, i) => {
      if (this.lineIds[i]!.length > 0 || NON_TAB.test(line)) {
        lines.push(line);
        lineIds.push(this.lineIds[i]!);
      }
    });
    return { lines, lineIds, truncated: this.full };
  }

  /** `rendering`: the piece is an element's rendering, which ends the name before it by itself. */
  private push(piece: string, rendering = false): void {
    if (this.pendingClose) {
      // Punctuation or another element after a name ends it as clearly as a closing tag would.
      if (rendering) this.needSpace = true;
      else if (this.needSpace ? WORD_START.test(piece) : !CLOSES_NAME.test(piece)) this.parts.push(this.pendingClose);
      this.pendingClose = '';
    }
    if (this.needSpace) {
      if (this.parts.length > 0 && this.openingAt !== this.parts.length - 1) this.parts.push(' ');
      this.needSpace = false;
    }
    this.parts.push(piece);
  }

  private writeLine(content: string, ids: string[]): void {
    if (this.full) return;
    const line = this.depth > 0 ? '\t'.repeat(this.depth) + content : content;
    if (this.length + line.length + 1 > this.limit) {
      this.full = true;
      return;
    }
    this.lines.push(line);
    this.lineIds.push(ids);
    this.length += line.length + 1;
  }
}
