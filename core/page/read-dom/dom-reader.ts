import { ariaLabel, authorName, accessibleName } from '../accessible-name.js';
import { isClipPathEmpty, isClipRectEmpty } from './clip-shapes.js';
import { parseColor } from './colors.js';
import { CoverFinder } from './covers.js';
import { defuseMarkup } from './defuse.js';
import { attribute, controlContent, openingTag, ValueClipper } from './describe-element.js';
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
  TEXT_INPUT_TYPES,
} from './element-kinds.js';
import { foldId } from './fold-ids.js';
import { generatedText, ICON_GLYPHS } from './generated-content.js';
import { linearMath, mathJaxText } from './math-text.js';
import { OutputWriter } from './output-writer.js';
import { shortHref } from './short-url.js';
import { collapseWhitespace, headAtWord } from './text.js';
import { MIN_VISIBLE_OPACITY, ownOpacity, transformScale, VisibilityProbe, type PaintContext } from './visibility.js';

/**
 * A name (a control's text, an image's alt text) up to this long is written whole. A longer one
 * (a link around a whole teaser card) shows its opening words and folds the rest, so that one
 * control cannot fill the reading.
 */
const NAME_LIMIT = 160;
const NAME_KEPT = 100;
/** A box scaled below this is gone: a 400px block becomes a 4px speck. */
const MIN_VISIBLE_SCALE = 0.01;
const NON_SPACE = /\S/;
/** Private-use characters are icon-font glyphs: they look like a picture, and read as nothing. */
const VISIBLE_CHARACTER = /[^\s\uE000-\uF8FF]/;
const LEAF_CONTROLS = new Set(['input', 'select', 'textarea']);
/** Elements with content of their own (or none): CSS generated content is not looked for in them. */
const REPLACED = new Set(['img', 'input', 'select', 'textarea', 'br', 'hr', 'iframe', 'wbr', 'progress', 'meter']);

type InteractiveKind = 'control' | 'container' | undefined;

/** A name folded during the walk: its marker is in a line, its whole rendering here. */
export interface NameFold {
  id: string;
  text: string;
  elements: Map<string, Element>;
  anchor: Element;
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

/** What a control's id stands for in a block's counts: a link, a field to fill, or anything else. */
function idKind(element: Element, tag: string): 'link' | 'field' | 'control' {
  if (tag === 'a') return 'link';
  if (tag === 'select' || tag === 'textarea') return 'field';
  if (tag === 'input') return TEXT_INPUT_TYPES.has((element as HTMLInputElement).type) || (element as HTMLInputElement).type === 'password' ? 'field' : 'control';
  return 'control';
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

/** Walks the page once and writes every visible thing into an `OutputWriter`, nothing cut. */
export class DomReader {
  readonly out = new OutputWriter();
  /** Every element given an id in this read, by id; the index map keeps those that were written. */
  readonly elements = new Map<string, Element>();
  readonly nameFolds: NameFold[] = [];
  readonly covers: CoverFinder;
  /** Above zero inside an element's name or a heading: blocks do not break the line there. */
  private inline = 0;
  /** Above zero inside an inert subtree: shown, but nothing there can be operated. */
  private inert: number;
  private paint: PaintContext = { scale: 1, opacity: 1 };

  constructor(
    private readonly page: URL | undefined,
    private readonly filter: ((element: Element) => boolean) | undefined,
    private readonly modal: Element | null,
    readonly probe: VisibilityProbe,
  ) {
    this.inert = modal ? 1 : 0;
    this.covers = new CoverFinder((element) => probe.style(element));
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
    for (let child = container.firstChild; child !== null; child = child.nextSibling) this.node(child, parent);
  }

  private node(node: Node, parent: Element): void {
    if (node.nodeType === 1) this.element(node as Element);
    else if (node.nodeType === 3) this.textNode(node as Text, parent);
  }

  private textNode(node: Text, parent: Element): void {
    const data = node.data;
    if (!VISIBLE_CHARACTER.test(data)) {
      // Preformatted whitespace is the layout itself: its spaces and line breaks stay as they are.
      if (this.out.preformatted && !this.probe.hidesText(parent, this.paint)) this.out.text(data.replace(ICON_GLYPHS, ' '));
      else if (data) this.out.space();
      return;
    }
    if (this.probe.hidesText(parent, this.paint)) return;
    this.covers.addText(parent);
    const text = this.out.preformatted ? data : collapseWhitespace(data);
    this.out.text(defuseMarkup(text.replace(ICON_GLYPHS, '')));
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
    const opacity = ownOpacity(style);
    if (opacity * this.paint.opacity < MIN_VISIBLE_OPACITY) return;
    let box: Box | undefined;
    if (style.clipPath !== 'none' && isClipPathEmpty(style.clipPath, (box = boxOf(element)))) return;
    // An inline box is never taken out of the flow (that would make it a block), not transformed,
    // and does not clip. (It may be shifted relative to its place; `covers.ts` asks only where it matters.)
    const boxed = display !== 'inline' && display !== 'contents';
    const position = boxed ? style.position : 'static';
    let rect: DOMRect | undefined;
    if (boxed) {
      if (position === 'absolute' || position === 'fixed') {
        if (isClipRectEmpty(style.clip)) return;
        rect = element.getBoundingClientRect();
        if (this.probe.isOutside(element, rect, position === 'fixed')) return;
        if ((rect.width <= 1 || rect.height <= 1) && style.overflow !== 'visible') return;
        box = rect;
      } else if (style.overflow !== 'visible' && tag !== 'body' && tag !== 'html') {
        box ??= boxOf(element);
        if ((box.width <= 1 || box.height <= 1) && !INLINE_DISPLAYS.has(display)) return;
      }
    }
    const paintBefore = this.paint;
    const scale = boxed ? transformScale(style) : 1;
    if (scale !== 1 || opacity !== 1) {
      this.paint = { scale: paintBefore.scale * scale, opacity: paintBefore.opacity * opacity };
      if (this.paint.scale < MIN_VISIBLE_SCALE) {
        this.paint = paintBefore;
        return;
      }
    }
    const positioned = position !== 'static';
    if (positioned) this.covers.enterPositioned(element, style.zIndex, position === 'absolute' ? this.coverRect(style, rect) : undefined);
    const inertBefore = this.inert;
    if (element === this.modal) this.inert = 0;
    else if (hasAttributes && element.hasAttribute('inert')) this.inert += 1;
    this.visibleElement(element, tag, hasAttributes, style, display, box);
    this.inert = inertBefore;
    if (positioned) this.covers.leavePositioned();
    this.paint = paintBefore;
  }

  /** An absolutely positioned box with an opaque background hides whatever lies under it. */
  private coverRect(style: CSSStyleDeclaration, rect: DOMRect | undefined): DOMRect | undefined {
    if (!rect || this.paint.opacity < 0.99 || style.backgroundImage !== 'none' || style.visibility !== 'visible') return undefined;
    if (style.mixBlendMode !== 'normal') return undefined;
    const background = parseColor(style.backgroundColor);
    return background && background.a >= 0.99 ? rect : undefined;
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
      if (level > 0) return this.heading(element, tag, level, hasAttributes);
      const section = SECTION_TAGS.has(tag) ? tag : role !== null ? SECTION_ROLES[role] : undefined;
      // A `section` (or `region`) without a name is no landmark, only a wrapper: it opens no block of its own.
      if (section !== undefined && (section !== 'section' || (hasAttributes && this.hasName(element)))) return this.section(element, section, tag);
      if (tag === 'pre' || tag === 'listing' || tag === 'xmp') return this.preformatted(element);
    }
    switch (tag) {
      case 'img':
        return this.image(element, role, style, box);
      case 'iframe':
        return this.frame(element as HTMLIFrameElement, style, box);
      case 'math':
        return this.formula(element, linearMath(element, this.drawn), element.getAttribute('display') === 'block');
      case 'mjx-container': {
        // Without MathJax's styles nothing is drawn as glyphs; its MathML then shows, and is read as usual.
        const text = mathJaxText(element, this.drawn);
        if (text) return this.formula(element, text, element.getAttribute('display') === 'true');
        break;
      }
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
    const region = block && this.inline === 0 ? this.out.regions.begin(element, 'block') : undefined;
    const label = hasAttributes ? this.nameOf(element) : '';
    if (label) this.out.token(`<${tag} ${attribute('aria-label', label, 100)}>`);
    // Only a box with layout of its own can skip drawing its content.
    if (!block || style.contentVisibility !== 'hidden') {
      // Generated text sits in the line (a badge, a glyph) and takes room: an empty inline box with no
      // width shows none, and an empty block (a spacer, a clearfix) is not where a page writes words.
      if (element.firstChild === null && INLINE_DISPLAYS.has(display) && !REPLACED.has(tag) && (box ?? boxOf(element)).width > 0) this.generated(element);
      else this.children(element);
    }
    if (label) this.out.close(tag);
    if (block) this.boundary();
    if (region) this.out.regions.end(region);
  }

  /**
   * An `aria-label` on something that is not a control or a section: an accessible name, not text
   * on the page, so it is written as an attribute (and never as plain text), where it says more
   * than the element's own text.
   */
  private nameOf(element: Element): string {
    const name = ariaLabel(element);
    if (!name) return '';
    if (element.childElementCount === 0 && collapseWhitespace(element.textContent ?? '').trim().toLowerCase() === name.toLowerCase()) return '';
    return name;
  }

  private hasName(element: Element): boolean {
    return NON_SPACE.test(element.getAttribute('aria-label') ?? '') || NON_SPACE.test(element.getAttribute('aria-labelledby') ?? '');
  }

  /** CSS generated content of an empty element, checked like any text. */
  private generated(element: Element): void {
    const [before, after] = generatedText(element, this.probe, this.paint);
    if (!before && !after) return;
    this.covers.addText(element);
    this.out.text(defuseMarkup(collapseWhitespace(before + after)));
  }

  /** Whether a part of a formula is drawn: native MathML and MathJax's glyphs are styled like any element. */
  private readonly drawn = (element: Element): boolean => {
    const style = this.probe.style(element);
    return style.display !== 'none' && style.visibility === 'visible';
  };

  private formula(element: Element, text: string, display: boolean): void {
    if (!text) return;
    this.covers.addText(element);
    if (display && this.inline === 0) this.out.endLine();
    else this.out.space();
    this.out.text(defuseMarkup(text));
    if (display && this.inline === 0) this.out.endLine();
    else this.out.space();
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
    const idsBefore = this.out.idCount;
    // Issued before the content is read, so ids follow reading order.
    const id = elementId(element);
    const link = tag === 'a';
    this.inline += 1;
    if (link) this.out.linkDepth += 1;
    if (LEAF_CONTROLS.has(tag)) {
      const content = controlContent(element, tag);
      if (content) this.out.token(content);
    } else {
      this.children(element);
    }
    if (link) this.out.linkDepth -= 1;
    this.inline -= 1;
    const content = this.out.contentSince(start);
    if (!content) {
      box ??= boxOf(element);
      if (box.width <= 0 || box.height <= 0) {
        this.out.drop(opening);
        return;
      }
    }
    // A name holding other controls stays whole: folding it would hide their ids.
    const holdsControls = this.out.idCount > idsBefore;
    this.elements.set(id, element);
    this.out.addId(id, idKind(element, tag));
    const clipper = new ValueClipper();
    const rendering = `[${id}]${openingTag(element, tag, role, content, this.page, true, clipper)}`;
    this.out.fill(opening, rendering);
    const longName = content.length > NAME_LIMIT;
    if ((longName || clipper.clipped) && !holdsControls) {
      const whole = `[${id}]${openingTag(element, tag, role, content, this.page, true, new ValueClipper(true))}`;
      const kept = longName ? headAtWord(content, NAME_KEPT) : content;
      const fold = this.foldName(element, whole + content, new Map([[id, element]]));
      this.out.setWhole(opening.index, whole);
      this.out.replaceSince(start, kept ? `${kept} ${fold}` : fold, content);
    }
    if (content) this.out.close(tag);
    else this.out.space();
    if (block) this.out.endLine();
  }

  /** Records a folded name and returns its marker. */
  private foldName(anchor: Element, text: string, elements: Map<string, Element>): string {
    const id = foldId(anchor, 'name');
    this.nameFolds.push({ id, text, elements, anchor });
    return `⟪${id} folded: ${text.length} chars⟫`;
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
    const region = block && this.inline === 0 ? this.out.regions.begin(element, 'block') : undefined;
    const id = elementId(element);
    this.elements.set(id, element);
    this.out.addId(id, 'control');
    this.out.token(`[${id}]${openingTag(element, tag, role, '', this.page, false)}`);
    this.children(element);
    if (block) this.boundary();
    if (region) this.out.regions.end(region);
  }

  private plain(element: Element, tag: string, display: string): void {
    const block = isBlock(tag, display);
    if (block) this.boundary();
    this.children(element);
    if (block) this.boundary();
  }

  private heading(element: Element, tag: string, level: number, hasAttributes: boolean): void {
    this.out.endLine();
    const start = this.out.reserve();
    const content = this.out.mark();
    const label = hasAttributes ? this.nameOf(element) : '';
    if (label) this.out.token(`<${tag} ${attribute('aria-label', label, 100)}>`);
    this.inline += 1;
    this.children(element);
    this.inline -= 1;
    if (this.out.contentSince(content)) this.out.fill(start, '#'.repeat(level) + ' ');
    else this.out.drop(start);
    this.out.endLine();
  }

  private section(element: Element, name: string, tag: string): void {
    this.out.endLine();
    const region = this.out.regions.begin(element, 'section');
    const before = this.out.lineCount;
    const label = ariaLabel(element);
    this.out.line(label ? `<${name} ${attribute('aria-label', label, 100)}>` : `<${name}>`);
    const opened = this.out.lineCount > before;
    this.out.depth += 1;
    if (tag === 'details' && !(element as HTMLDetailsElement).open) this.closedDetails(element);
    else this.children(element);
    this.out.endLine();
    this.out.depth -= 1;
    if (opened && this.out.lineCount === before + 1) this.out.removeLastLine();
    this.out.regions.end(region);
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
    this.out.beginPreformatted();
    const region = this.out.regions.begin(element, 'pre');
    this.children(element);
    this.out.endPreformatted();
    this.out.regions.end(region);
  }

  private image(element: Element, role: string | null, style: CSSStyleDeclaration, box: Box | undefined): void {
    if (role === 'presentation' || role === 'none' || style.visibility !== 'visible') return;
    // The image's name as accname gives it, short of `title`: a tooltip is no text alternative.
    const alt = authorName(element) || element.getAttribute('alt');
    if (!alt) return;
    const text = defuseMarkup(collapseWhitespace(alt).trim());
    if (!text) return;
    box ??= boxOf(element);
    if (box.width < 2 || box.height < 2) return;
    if (text.length <= NAME_LIMIT) return this.out.image(`![${text}]`, text, this.inline === 0);
    const whole = `![${text}]`;
    const fold = this.foldName(element, whole, new Map());
    this.out.image(`![${headAtWord(text, NAME_KEPT)} ${fold}]`, text, this.inline === 0, whole);
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
    const region = this.out.regions.begin(element, 'section');
    const before = this.out.lineCount;
    this.out.line(`<iframe${label}>`);
    const opened = this.out.lineCount > before;
    this.out.depth += 1;
    this.element(body);
    this.out.endLine();
    this.out.depth -= 1;
    if (opened && this.out.lineCount === before + 1) this.out.removeLastLine();
    this.out.regions.end(region);
  }

  /** An icon inside a control may carry the control's only name. */
  private svgLabel(svg: Element): void {
    if (svg.getAttribute('aria-hidden') === 'true') return;
    const label = accessibleName(svg);
    if (label) this.out.text(` ${defuseMarkup(label)} `);
  }
}
