import { ariaLabel, authorName } from '../accessible-name.js';
import { type Box, boxOf } from './box-size.js';
import { defuseMarkup } from './defuse.js';
import { attribute, controlContent, openingTag, ValueClipper } from './describe-element.js';
import { DomWalk } from './dom-walk.js';
import { elementId } from './element-ids.js';
import { firstToken, HEADING_LEVELS, idKind, INLINE_DISPLAYS, interactiveKind, isBlock, SECTION_ROLES, SECTION_TAGS } from './element-kinds.js';
import { foldId } from './fold-ids.js';
import { generatedText } from './generated-content.js';
import { linearMath, mathJaxText } from './math-text.js';
import { shortHref } from './short-url.js';
import { collapseWhitespace, headAtWord } from './text.js';
import type { VisibilityProbe } from './visibility.js';

/**
 * A name (a control's text, an image's alt text) up to this long is written whole. A longer one
 * (a link around a whole teaser card) shows its opening words and folds the rest, so that one
 * control cannot fill the reading.
 */
const NAME_LIMIT = 160;
const NAME_KEPT = 100;
const NON_SPACE = /\S/;
const LEAF_CONTROLS = new Set(['input', 'select', 'textarea']);
/** Elements with content of their own (or none): CSS generated content is not looked for in them. */
const REPLACED = new Set(['img', 'input', 'select', 'textarea', 'br', 'hr', 'iframe', 'wbr', 'progress', 'meter']);

/** A name folded during the walk: its marker is in a line, its whole rendering here. */
export interface NameFold {
  id: string;
  text: string;
  elements: Map<string, Element>;
  anchor: Element;
}

/**
 * What each element the walk sees becomes in the reading, nothing cut: a control's
 * `[id]<tag …>name`, headings, sections, preformatted blocks, images, formulas and frames.
 */
export class DomReader extends DomWalk {
  readonly nameFolds: NameFold[] = [];

  constructor(
    private readonly page: URL | undefined,
    filter: ((element: Element) => boolean) | undefined,
    modal: Element | null,
    probe: VisibilityProbe,
  ) {
    super(filter, modal, probe);
  }

  protected visibleElement(
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
        this.inCell += 1;
        this.children(element);
        this.inCell -= 1;
        return;
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

}
