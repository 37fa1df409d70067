import { RegionRecorder, type Region } from './regions.js';

export interface Reservation {
  index: number;
  pendingClose: string;
  needSpace: boolean;
}

const WORD_START = /^[\p{L}\p{N}]/u;
const WORDS = /[\p{L}\p{N}]+/gu;
/** Alt text a caption says again, give or take punctuation and a word or two, adds nothing to it. */
const SAME_WORDS_SHARE = 0.8;

/** The same few recent lines are compared with every picture near them: their words are kept a while. */
const wordSets = new Map<string, Set<string>>();
const WORD_SETS_KEPT = 32;

function wordSet(text: string): Set<string> {
  let words = wordSets.get(text);
  if (!words) {
    if (wordSets.size >= WORD_SETS_KEPT) wordSets.clear();
    words = new Set(text.toLowerCase().match(WORDS));
    wordSets.set(text, words);
  }
  return words;
}

/** Whether `text` holds (nearly) all the words of `alt`. */
export function repeatsAlt(alt: string, text: string): boolean {
  const altWords = alt.toLowerCase().match(WORDS);
  if (!altWords) return false;
  const present = wordSet(text);
  let found = 0;
  for (const word of altWords) if (present.has(word)) found += 1;
  return found >= SAME_WORDS_SHARE * altWords.length;
}
const CLOSES_NAME = /^[\s\p{P}\p{S}[]/u;
/** A line holds prose when this much of its text is not link text: a sentence, not a menu entry. */
const PROSE_LINE = 60;

/** Everything the walk wrote, a line at a time, before anything is folded. */
export interface WrittenLines {
  /** Each line's content, without its indentation. */
  content: string[];
  depth: number[];
  /** For each line, the element ids it shows. */
  ids: string[][];
  /**
   * The line as a fold's full reading shows it, where it differs: a long name in it was folded
   * into a marker in `content`, and this keeps the name whole.
   */
  full: Array<string | undefined>;
  /** Lines of preformatted text, whose repeats are meant (a table of figures, code). */
  preformatted: boolean[];
  /** The blocks the lines fall into, outermost first: what a fold can take. */
  regions: Region[];
  /** Characters of page text outside links on lines that read as prose, over the whole reading. */
  prose: number;
}

/**
 * Builds the tab-indented text a line at a time. Inline content (text, element renderings) is
 * gathered into the current line with HTML's whitespace rules; a block boundary ends the line.
 * Nothing is cut here: the reader writes the whole page, and folding decides afterwards what the
 * model sees at once and what stays one `read_text` away. Counters of text, link text, links and
 * fields feed the blocks (`Region`) that folding chooses from.
 */
export class OutputWriter {
  depth = 0;
  /** True inside `<pre>`: text keeps its whitespace and line breaks. */
  preformatted = false;
  /** Above zero while the text written is a link's name. */
  linkDepth = 0;
  readonly regions = new RegionRecorder(this);

  private readonly content: string[] = [];
  private readonly depths: number[] = [];
  private readonly lineIds: string[][] = [];
  private readonly full: Array<string | undefined> = [];
  private readonly pre: boolean[] = [];

  private parts: string[] = [];
  /** Where a part of the current line reads differently in a fold's full reading (a folded name). */
  private fullParts: Map<number, string> | undefined;
  private ids: string[] = [];
  private needSpace = false;
  private pendingClose = '';
  /** Standalone images written in the last lines, dropped if the next lines repeat their alt text. */
  private recentImages: Array<{ line: number; token: string; alt: string; standalone: boolean }> = [];
  /** Image pieces in the current line with their whole alt text, and which stand outside any element. */
  private imageParts = new Map<number, string>();
  private readonly standaloneImages = new Set<number>();
  /** Index of the last reserved opening: text right after an opening needs no space. */
  private openingAt = -1;

  /** Running totals, read by regions at their start and end. */
  textChars = 0;
  linkTextChars = 0;
  links = 0;
  controls = 0;
  fields = 0;
  proseChars = 0;
  private lineNonLinkText = 0;

  get lineCount(): number {
    return this.content.length;
  }

  /** Adds page text to the current line. */
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
    this.push(core);
    this.textChars += core.length;
    if (this.linkDepth > 0) this.linkTextChars += core.length;
    else this.lineNonLinkText += core.length;
  }

  /** Adds a rendering (an element, an image) to the current line; it is never cut. */
  token(token: string): void {
    this.push(token, token.startsWith('['));
  }

  /**
   * Adds an image's alt text, unless the line or the two before it already say the same words (a
   * caption, a heading); it is dropped again if the same words follow in this line or in the next
   * two. An image that is part of a control's name (a linked photo) then stays as `![]`, so the
   * control still says what it is. `alt` is the whole alt text, which is what is compared: the
   * token may show it folded, `whole` being its full form.
   */
  image(token: string, alt: string, standalone: boolean, whole?: string): void {
    for (let i = Math.max(0, this.content.length - 2); i < this.content.length; i++) {
      if (repeatsAlt(alt, this.content[i]!)) return;
    }
    this.push(token);
    if (whole !== undefined) this.setWhole(this.parts.length - 1, whole);
    this.imageParts.set(this.parts.length - 1, alt);
    if (standalone) this.standaloneImages.add(this.parts.length - 1);
  }

  /** A break between inline pieces that is not a line break (a `<br>`, a block inside a link). */
  space(): void {
    if (this.preformatted) this.parts.push('\n');
    else this.needSpace = true;
  }

  /** Puts a separator between table cells in one row line. */
  cell(): void {
    if (this.parts.length > 0) {
      this.needSpace = false;
      this.push(' | ');
      this.needSpace = false;
    }
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

  /** How many ids the current line shows so far. */
  get idCount(): number {
    return this.ids.length;
  }

  /**
   * Replaces what was written since `mark` with `compact`, keeping `whole` for the line's full
   * reading: how a long name is folded to a marker while a fold around it still reads it whole.
   */
  replaceSince(mark: number, compact: string, whole: string): void {
    this.parts.length = mark;
    this.parts.push(compact);
    this.setWhole(mark, whole);
  }

  /** The piece at `index` reads as `whole` in the line's full reading. */
  setWhole(index: number, whole: string): void {
    this.fullParts ??= new Map();
    this.fullParts.set(index, whole);
  }

  /** Takes back a reservation and everything after it, as if it had never been made. */
  drop(reservation: Reservation): void {
    this.parts.length = reservation.index;
    this.pendingClose = reservation.pendingClose;
    this.needSpace = reservation.needSpace;
    if (this.fullParts) for (const index of this.fullParts.keys()) if (index >= reservation.index) this.fullParts.delete(index);
    for (const index of this.imageParts.keys()) {
      if (index >= reservation.index) {
        this.imageParts.delete(index);
        this.standaloneImages.delete(index);
      }
    }
  }

  /** Records an element id shown in the current line, and what kind of thing it names. */
  addId(id: string, kind: 'link' | 'field' | 'control'): void {
    this.ids.push(id);
    this.controls += 1;
    if (kind === 'link') this.links += 1;
    else if (kind === 'field') this.fields += 1;
  }

  /** Closes an element's rendering; the closing tag is written only if something follows in the line. */
  close(tag: string): void {
    this.pendingClose += `</${tag}>`;
  }

  /** Switches to preformatted text: whitespace and line breaks kept. */
  beginPreformatted(): void {
    this.endLine();
    this.preformatted = true;
  }

  endPreformatted(): void {
    this.endLine();
    this.preformatted = false;
  }

  /** Writes a whole line of its own (a section opener) at the current depth. */
  line(content: string): void {
    this.endLine();
    this.writeLine(content, [], undefined);
  }

  /** Removes the last written line (a section opener whose section turned out empty). */
  removeLastLine(): void {
    this.content.pop();
    this.depths.pop();
    this.lineIds.pop();
    this.full.pop();
    this.pre.pop();
  }

  /** Ends the current line: what was gathered is written at the current depth. */
  endLine(): void {
    if (this.parts.length > 0) {
      let content = this.parts.join('');
      if (this.imageParts.size > 0 && !this.preformatted) content = this.withoutRepeatedAlts(content);
      const whole = this.fullParts ? this.joinWhole() : undefined;
      const ids = this.ids;
      const images = [...this.imageParts]
        .filter(([index]) => this.parts[index] !== '')
        .map(([index, alt]) => ({ token: this.parts[index]!, alt, standalone: this.standaloneImages.has(index) }));
      this.parts = [];
      this.fullParts = undefined;
      this.ids = [];
      this.imageParts = new Map();
      this.standaloneImages.clear();
      this.openingAt = -1;
      if (this.preformatted) {
        const rows = content.replace(/\s+$/, '').split('\n');
        while (rows.length > 0 && !rows[0]!.trim()) rows.shift();
        rows.forEach((row, i) => this.writeLine(row.replace(/\s+$/, ''), i === 0 ? ids : [], undefined));
        this.proseChars += this.lineNonLinkText;
      } else {
        // A row whose last cells held only blocks of their own ends in a bare separator.
        if (content.endsWith(' | ')) content = content.slice(0, -3);
        this.dropImagesRepeatedBy(content);
        this.writeLine(content, ids, whole);
        if (this.lineNonLinkText >= PROSE_LINE) this.proseChars += this.lineNonLinkText;
        for (const image of images) this.recentImages.push({ line: this.content.length - 1, ...image });
      }
    }
    this.lineNonLinkText = 0;
    this.needSpace = false;
    this.pendingClose = '';
  }

  private joinWhole(): string {
    return this.parts.map((part, i) => this.fullParts!.get(i) ?? part).join('');
  }

  /**
   * A line that repeats the alt text of an image written just before it makes that image redundant.
   * Lines are only ever emptied here, not removed, so line numbers taken by regions stay right;
   * empty lines are left out when the reading is put together.
   */
  private dropImagesRepeatedBy(content: string): void {
    if (this.recentImages.length === 0) return;
    const oldest = this.content.length - 2;
    this.recentImages = this.recentImages.filter((image) => image.line >= oldest);
    for (const image of this.recentImages) {
      if (!repeatsAlt(image.alt, content)) continue;
      const shorter = image.standalone ? '' : '![]';
      const without = (line: string) => line.replace(image.token, shorter).replace(/ {2,}/g, ' ').trim();
      this.content[image.line] = without(this.content[image.line]!);
      const whole = this.full[image.line];
      if (whole !== undefined) this.full[image.line] = without(whole);
      image.line = -1;
    }
  }

  private withoutRepeatedAlts(content: string): string {
    let removed = false;
    for (const [index, alt] of this.imageParts) {
      const piece = this.parts[index]!;
      // The rest of the line says what the alt text says: the image adds nothing.
      const rest = content.replace(piece, ' ');
      if (repeatsAlt(alt, rest)) {
        this.parts[index] = '';
        removed = true;
      }
    }
    return removed ? this.parts.join('').replace(/ {2,}/g, ' ').trim() : content;
  }

  finish(): WrittenLines {
    this.endLine();
    return {
      content: this.content,
      depth: this.depths,
      ids: this.lineIds,
      full: this.full,
      preformatted: this.pre,
      regions: this.regions.finish(),
      prose: this.proseChars,
    };
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

  private writeLine(content: string, ids: string[], whole: string | undefined): void {
    this.content.push(content);
    this.depths.push(this.depth);
    this.lineIds.push(ids);
    this.full.push(whole);
    this.pre.push(this.preformatted);
  }
}

