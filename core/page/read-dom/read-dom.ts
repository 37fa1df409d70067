import { attribute, controlContent, openingTag } from './describe-element.js';
import { elementId } from './element-ids.js';
import {
  BLOCK_TAGS,
  HEADING_LEVELS,
  INLINE_DISPLAYS,
  INTERACTIVE_ROLES,
  INTERACTIVE_TAGS,
  SECTION_ROLES,
  SECTION_TAGS,
  SKIPPED_TAGS,
} from './element-kinds.js';
import { IndexMap } from './index-map.js';
import { OutputWriter } from './output-writer.js';
import { shortHref, shortPageURL } from './short-url.js';
import { clip, collapseWhitespace, utf8Length } from './text.js';
import { isClippedAway, VisibilityProbe } from './visibility.js';

export interface ReadDomOptions {
  /** The element to read, with its subtree. Default: the document's body. */
  scope?: Element;
  /** The document to read when no scope is given. Default: the global `document`. */
  document?: Document;
  /** Return false to leave an element and its whole subtree out (on top of `dddk-skip`). */
  domFilter?: (element: Element) => boolean;
  /** Cap on the text's length in characters, truncation marker included. Default: no cap. */
  maxLength?: number;
  /**
   * Characters of plain text kept in one line before it is cut with `…`; element renderings in the
   * line are always kept. Default 40: each paragraph shows its opening words. `Infinity` keeps every
   * word of the page.
   */
  textPerLine?: number;
}

export interface ReadDomResult {
  /** The page as a tab-indented text tree; `[id]` marks what can be operated. */
  text: string;
  /** Every id shown in `text`, mapped to its live element. */
  indexMap: IndexMap;
  /** UTF-8 size of `text`. */
  bytes: number;
  /** True when `maxLength` cut the text short. */
  truncated: boolean;
}

export const DEFAULT_TEXT_PER_LINE = 40;
const NAME_LIMIT = 36;
const HEADING_LIMIT = 72;
const PRE_LIMIT = 320;
const NON_SPACE = /\S/;
/** Private-use characters are icon-font glyphs: they look like a picture, and read as nothing. */
const VISIBLE_CHARACTER = /[^\s\uE000-\uF8FF]/;
const ICON_GLYPHS = /[\uE000-\uF8FF]/g;
const LEAF_CONTROLS = new Set(['input', 'select', 'textarea']);

type InteractiveKind = 'control' | 'container' | undefined;

/**
 * Reads the page (or `options.scope`) into a compact, indexed text tree for a model: the address
 * and title, headings, sections that indent, content lines, images with alt text, and every
 * visible element a user could operate, each marked `[id]` with a one-line rendering. Text that
 * is not visible to a reader of the page never reaches the output. Ids are stable: an element keeps
 * its id across reads for as long as it lives.
 */
export function readDOM(options: ReadDomOptions = {}): ReadDomResult {
  const doc = options.scope?.ownerDocument ?? options.document ?? (typeof document === 'undefined' ? undefined : document);
  if (!doc) throw new Error('dddk: readDOM needs a page; call it in a browser, or pass options.document or options.scope');
  const root = options.scope ?? doc.body ?? doc.documentElement;
  const maxLength = options.maxLength ?? Infinity;
  const marker = `… (truncated at maxLength ${maxLength}; the page continues)`;
  const limit = Number.isFinite(maxLength) ? Math.max(0, maxLength - marker.length - 1) : Infinity;
  let page: URL | undefined;
  try {
    page = new URL(doc.URL);
  } catch {
    page = undefined;
  }

  const reader = new DomReader(page, options.domFilter, options.textPerLine ?? DEFAULT_TEXT_PER_LINE, limit, openModal(doc));
  reader.out.line(`url: ${shortPageURL(doc.URL)}`);
  const title = collapseWhitespace(doc.title).trim();
  if (title) reader.out.line(`title: ${clip(title, 160)}`);
  if (root && isReachable(root)) reader.read(root);
  const written = reader.out.finish();

  const indexMap = new IndexMap(options.scope ?? doc);
  for (const ids of written.lineIds) {
    for (const id of ids) indexMap.set(id, reader.elements.get(id)!);
  }
  let text = written.lines.join('\n');
  if (written.truncated) text = text ? `${text}\n${marker}` : marker.slice(0, maxLength);
  return { text, indexMap, bytes: utf8Length(text), truncated: written.truncated };
}

/** An open modal dialog makes the rest of the page inert, though no `inert` attribute says so. */
function openModal(doc: Document): Element | null {
  try {
    return doc.querySelector(':modal');
  } catch {
    return null;
  }
}

/** A root inside a hidden or opted-out ancestor (even `<html>` itself can be hidden) has nothing to show. */
function isReachable(root: Element): boolean {
  if (root.parentElement?.closest('[hidden], [aria-hidden="true"], .dddk-skip, [data-dddk-skip]')) return false;
  return typeof root.checkVisibility !== 'function' || root.checkVisibility({ opacityProperty: true, visibilityProperty: false });
}

/**
 * Page text that imitates an element rendering (`[3]<button>`) could make a model act on the wrong
 * element; a space after the bracket keeps it plain text.
 */
function defuseIds(text: string): string {
  return text.includes(']<') ? text.replace(/\]</g, '] <') : text;
}

function optedOut(element: Element): boolean {
  if (element.hasAttribute('data-dddk-skip')) return true;
  const classes = element.getAttribute('class');
  return classes !== null && classes.includes('dddk-skip') && /(^|\s)dddk-skip(\s|$)/.test(classes);
}

function firstToken(value: string | null): string | null {
  if (!value) return null;
  const trimmed = value.trim().toLowerCase();
  const space = trimmed.indexOf(' ');
  return space < 0 ? trimmed : trimmed.slice(0, space);
}

/**
 * `control`: operated as a whole, its content becomes its name. `container`: clickable or focusable
 * only through an attribute (`onclick`, a labelled `tabindex`), so it gets an id but its content
 * is read as usual.
 */
function interactiveKind(element: Element, tag: string, role: string | null, hasAttributes: boolean): InteractiveKind {
  if (tag === 'a') {
    if (hasAttributes && element.hasAttribute('href')) return 'control';
  } else if (INTERACTIVE_TAGS.has(tag)) {
    return tag === 'input' && (element as HTMLInputElement).type === 'hidden' ? undefined : 'control';
  }
  if (!hasAttributes) return undefined;
  if (role !== null && INTERACTIVE_ROLES.has(role)) return 'control';
  const editable = element.getAttribute('contenteditable');
  if (editable !== null && editable !== 'false') return 'control';
  if (element.hasAttribute('onclick')) return 'container';
  const tabindex = element.getAttribute('tabindex');
  if (tabindex !== null && Number(tabindex) >= 0) {
    if (element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') || element.hasAttribute('title')) {
      return 'container';
    }
  }
  return undefined;
}

/** The size of an element's box; offset sizes where they exist, as they cost less than a rect. */
interface Box {
  width: number;
  height: number;
}

function boxOf(element: Element): Box {
  const html = element as HTMLElement;
  if (html.offsetWidth !== undefined) return { width: html.offsetWidth, height: html.offsetHeight };
  return element.getBoundingClientRect();
}

function isBlock(tag: string, display: string): boolean {
  return display !== 'contents' && (BLOCK_TAGS.has(tag) || !INLINE_DISPLAYS.has(display));
}

class DomReader {
  readonly out: OutputWriter;
  /** Every element given an id in this read, by id; the index map keeps those that were written. */
  readonly elements = new Map<string, Element>();
  private readonly probe = new VisibilityProbe();
  /** Above zero inside an element's name or a heading: blocks do not break the line there. */
  private inline = 0;
  /** Above zero inside an inert subtree: shown, but nothing there can be operated. */
  private inert: number;

  constructor(
    private readonly page: URL | undefined,
    private readonly filter: ((element: Element) => boolean) | undefined,
    textPerLine: number,
    limit: number,
    private readonly modal: Element | null,
  ) {
    this.out = new OutputWriter(textPerLine, limit);
    this.inert = modal ? 1 : 0;
  }

  read(root: Element): void {
    this.element(root);
  }

  private boundary(): void {
    if (this.inline > 0) this.out.space();
    else this.out.endLine();
  }

  private children(parent: Element): void {
    if (parent.localName === 'slot') {
      const assigned = (parent as HTMLSlotElement).assignedNodes();
      if (assigned.length > 0) {
        for (const node of assigned) this.node(node, parent);
        return;
      }
    }
    const container: ParentNode = parent.shadowRoot ?? parent;
    for (let child = container.firstChild; child !== null && !this.out.full; child = child.nextSibling) {
      this.node(child, parent);
    }
  }

  private node(node: Node, parent: Element): void {
    if (node.nodeType === 1) this.element(node as Element);
    else if (node.nodeType === 3) this.textNode(node as Text, parent);
  }

  private textNode(node: Text, parent: Element): void {
    const data = node.data;
    if (!VISIBLE_CHARACTER.test(data)) {
      if (data) this.out.space();
      return;
    }
    if (this.probe.hidesText(parent)) return;
    if (this.out.preformatted) return this.out.text(defuseIds(data));
    // Past the line's budget only the gap matters; long text is tidied only as far as it can show.
    if (this.out.textCutShort) return this.out.space();
    const room = this.out.textRoom;
    let text = data;
    const enough = room * 2 + 64;
    if (text.length > enough) {
      const head = collapseWhitespace(text.slice(0, enough));
      text = head.length > room + 1 ? head : collapseWhitespace(text);
    } else {
      text = collapseWhitespace(text);
    }
    this.out.text(defuseIds(text.replace(ICON_GLYPHS, '')));
  }

  private element(element: Element): void {
    const tag = element.localName;
    if (SKIPPED_TAGS.has(tag)) {
      if (tag === 'svg' && this.inline > 0) this.svgLabel(element);
      return;
    }
    // Most elements carry no attribute that matters here; one check spares a dozen lookups.
    const hasAttributes = element.hasAttributes();
    if (hasAttributes && (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true')) return;
    if (hasAttributes && optedOut(element)) return;
    if (this.filter && !this.filter(element)) return;

    const style = this.probe.style(element);
    const display = style.display;
    if (display === 'none') return;
    const opacity = style.opacity;
    if (opacity !== '1' && parseFloat(opacity) <= 0.01) return;
    let box: Box | undefined;
    // An inline box is never positioned (that would make it a block) and does not clip its content.
    if (display !== 'inline' && display !== 'contents') {
      const position = style.position;
      if (position === 'absolute' || position === 'fixed') {
        if (isClippedAway(style)) return;
        const rect = element.getBoundingClientRect();
        if (this.probe.isOutside(element, rect, position === 'fixed')) return;
        if ((rect.width <= 1 || rect.height <= 1) && style.overflow !== 'visible') return;
        box = rect;
      } else if (style.overflow !== 'visible' && tag !== 'body' && tag !== 'html') {
        box = boxOf(element);
        if ((box.width <= 1 || box.height <= 1) && !INLINE_DISPLAYS.has(display)) return;
      }
    }
    const inertBefore = this.inert;
    if (element === this.modal) this.inert = 0;
    else if (hasAttributes && element.hasAttribute('inert')) this.inert += 1;
    this.visibleElement(element, tag, hasAttributes, style, display, box);
    this.inert = inertBefore;
  }

  private visibleElement(
    element: Element,
    tag: string,
    hasAttributes: boolean,
    style: CSSStyleDeclaration,
    display: string,
    box: Box | undefined,
  ): void {
    const role = hasAttributes ? firstToken(element.getAttribute('role')) : null;
    const kind = this.inert > 0 ? undefined : interactiveKind(element, tag, role, hasAttributes);
    if (kind === 'control') return this.control(element, tag, role, style, display, box);
    if (kind === 'container') return this.container(element, tag, role, style, display, box);
    if (tag === 'details' && !(element as HTMLDetailsElement).open && this.inline > 0) return this.closedDetails(element);
    if (this.inline === 0) {
      const level = HEADING_LEVELS[tag] ?? (role === 'heading' ? Number(element.getAttribute('aria-level')) || 2 : 0);
      if (level > 0) return this.heading(element, level);
      const section = SECTION_TAGS.has(tag) ? tag : role !== null ? SECTION_ROLES[role] : undefined;
      if (section !== undefined) return this.section(element, section, tag);
      if (tag === 'pre' || tag === 'listing' || tag === 'xmp') return this.preformatted(element);
    }
    switch (tag) {
      case 'img':
        return this.image(element, role, style, box);
      case 'iframe':
        return this.frame(element as HTMLIFrameElement, style, box);
      case 'br':
        return this.out.preformatted ? this.out.space() : this.boundary();
      case 'hr':
        return this.boundary();
      case 'td':
      case 'th':
        if (this.inline > 0) this.out.space();
        else this.out.cell();
        return this.children(element);
    }
    const block = isBlock(tag, display);
    if (block) this.boundary();
    this.children(element);
    if (block) this.boundary();
  }

  /** A control: one line (or one inline piece) `[id]<tag …>name`, its content read as its name. */
  private control(
    element: Element,
    tag: string,
    role: string | null,
    style: CSSStyleDeclaration,
    display: string,
    box: Box | undefined,
  ): void {
    if (style.visibility !== 'visible') return this.plain(element, tag, display);
    // Only a positioned box can have been moved off the page; a static one needs a size only when
    // no content shows it is there.
    if (!box && display !== 'inline' && display !== 'contents' && style.position !== 'static') {
      const rect = element.getBoundingClientRect();
      if (this.probe.isOutside(element, rect, style.position === 'fixed')) return;
      box = rect;
    }
    const block = this.inline === 0 && isBlock(tag, display);
    if (block) this.out.endLine();
    const opening = this.out.reserve();
    const start = this.out.mark();
    // Issued before the content is read, so ids follow reading order.
    const id = elementId(element);
    const saved = this.out.beginBudget(NAME_LIMIT);
    this.inline += 1;
    if (LEAF_CONTROLS.has(tag)) {
      const content = controlContent(element, tag);
      if (content) this.out.token(content);
    } else {
      this.children(element);
    }
    this.inline -= 1;
    this.out.endBudget(saved);
    const content = this.out.contentSince(start);
    if (!content) {
      box ??= boxOf(element);
      if (box.width <= 0 || box.height <= 0) {
        this.out.drop(opening);
        return;
      }
    }
    this.elements.set(id, element);
    this.out.addId(id);
    this.out.fill(opening, `[${id}]${openingTag(element, tag, role, content, this.page, true)}`);
    if (content) this.out.close(tag);
    else this.out.space();
    if (block) this.out.endLine();
  }

  /** Clickable through an attribute only: an id on its opening, then its content read as usual. */
  private container(
    element: Element,
    tag: string,
    role: string | null,
    style: CSSStyleDeclaration,
    display: string,
    box: Box | undefined,
  ): void {
    if (style.visibility !== 'visible') return this.plain(element, tag, display);
    box ??= boxOf(element);
    if (box.width <= 0 || box.height <= 0) return this.plain(element, tag, display);
    const block = isBlock(tag, display);
    if (block) this.boundary();
    const id = elementId(element);
    this.elements.set(id, element);
    this.out.addId(id);
    this.out.token(`[${id}]${openingTag(element, tag, role, '', this.page, false)}`);
    this.children(element);
    if (block) this.boundary();
  }

  private plain(element: Element, tag: string, display: string): void {
    const block = isBlock(tag, display);
    if (block) this.boundary();
    this.children(element);
    if (block) this.boundary();
  }

  private heading(element: Element, level: number): void {
    this.out.endLine();
    const start = this.out.reserve();
    this.out.fill(start, '#'.repeat(level) + ' ');
    const content = this.out.mark();
    const saved = this.out.beginBudget(HEADING_LIMIT);
    this.inline += 1;
    this.children(element);
    this.inline -= 1;
    this.out.endBudget(saved);
    if (!this.out.contentSince(content)) this.out.drop(start);
    this.out.endLine();
  }

  private section(element: Element, name: string, tag: string): void {
    this.out.endLine();
    const before = this.out.lineCount;
    const label = element.getAttribute('aria-label')?.trim();
    this.out.line(label ? `<${name} ${attribute('aria-label', label)}>` : `<${name}>`);
    const opened = this.out.lineCount > before;
    this.out.depth += 1;
    if (tag === 'details' && !(element as HTMLDetailsElement).open) this.closedDetails(element);
    else this.children(element);
    this.out.endLine();
    this.out.depth -= 1;
    if (opened && this.out.lineCount === before + 1) this.out.removeLastLine();
  }

  /** A closed `<details>` shows only its summary. */
  private closedDetails(details: Element): void {
    for (let child = details.firstElementChild; child; child = child.nextElementSibling) {
      if (child.localName === 'summary') {
        this.element(child);
        return;
      }
    }
  }

  private preformatted(element: Element): void {
    this.out.beginPreformatted(PRE_LIMIT);
    this.children(element);
    this.out.endPreformatted();
  }

  private image(element: Element, role: string | null, style: CSSStyleDeclaration, box: Box | undefined): void {
    const alt = element.getAttribute('alt');
    if (!alt || role === 'presentation' || role === 'none' || style.visibility !== 'visible') return;
    const text = collapseWhitespace(alt).trim();
    if (!text) return;
    box ??= boxOf(element);
    if (box.width < 2 || box.height < 2) return;
    this.out.image(defuseIds(clip(text, 40)), this.inline === 0);
  }

  /** A same-origin frame's page is read in place, indented under it; any other frame is noted. */
  private frame(element: HTMLIFrameElement, style: CSSStyleDeclaration, box: Box | undefined): void {
    if (style.visibility !== 'visible' || this.inline > 0) return;
    box ??= boxOf(element);
    if (box.width < 2 || box.height < 2) return;
    const title = element.getAttribute('title')?.trim();
    const label = title ? ` ${attribute('title', title)}` : '';
    let frameDocument: Document | null = null;
    try {
      frameDocument = element.contentDocument;
    } catch {
      frameDocument = null;
    }
    if (!frameDocument) {
      const source = shortHref(element.src, undefined);
      this.out.line(`<iframe${label} cross-origin${source ? ` src=${source}` : ''}>`);
      return;
    }
    const body = frameDocument.body ?? frameDocument.documentElement;
    if (!body) return;
    this.out.endLine();
    const before = this.out.lineCount;
    this.out.line(`<iframe${label}>`);
    const opened = this.out.lineCount > before;
    this.out.depth += 1;
    this.element(body);
    this.out.endLine();
    this.out.depth -= 1;
    if (opened && this.out.lineCount === before + 1) this.out.removeLastLine();
  }

  /** An icon inside a control may carry the control's only name. */
  private svgLabel(svg: Element): void {
    if (svg.getAttribute('aria-hidden') === 'true') return;
    const label = svg.getAttribute('aria-label') ?? svg.querySelector('title')?.textContent;
    if (label && NON_SPACE.test(label)) this.out.text(` ${collapseWhitespace(label).trim()} `);
  }
}
