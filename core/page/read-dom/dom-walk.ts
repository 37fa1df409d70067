import { accessibleName } from '../accessible-name.js';
import { type Box, boxOf } from './box-size.js';
import { isClipPathEmpty, isClipRectEmpty } from './clip-shapes.js';
import { parseColor } from './colors.js';
import { CoverFinder } from './covers.js';
import { defuseMarkup } from './defuse.js';
import { INLINE_DISPLAYS, optedOut, SKIPPED_TAGS } from './element-kinds.js';
import { ICON_GLYPHS } from './generated-content.js';
import { OutputWriter } from './output-writer.js';
import { collapseWhitespace } from './text.js';
import { MIN_VISIBLE_OPACITY, ownOpacity, transformScale, VisibilityProbe, type PaintContext } from './visibility.js';

/** A box scaled below this is gone: a 400px block becomes a 4px speck. */
const MIN_VISIBLE_SCALE = 0.01;
/** Private-use characters are icon-font glyphs: they look like a picture, and read as nothing. */
const VISIBLE_CHARACTER = /[^\s\uE000-\uF8FF]/;

/**
 * The one walk over the page, in reading order (shadow roots and slotted nodes included), that
 * decides what a sighted reader can see: an element that is not drawn, or drawn too faint, too
 * small, clipped or pushed off the page, is passed over with all it holds, and text is read only
 * where it can be made out. What each element that is seen becomes is the subclass's to write.
 */
export abstract class DomWalk {
  readonly out = new OutputWriter();
  /** Every element given an id in this read, by id; the index map keeps those that were written. */
  readonly elements = new Map<string, Element>();
  readonly covers: CoverFinder;
  /** Above zero inside an element's name or a heading: blocks do not break the line there. */
  protected inline = 0;
  /** Inside a table cell: a mark hidden from assistive tech (✓, —) may be the cell's only content. */
  protected inCell = 0;
  /** Above zero inside an inert subtree: shown, but nothing there can be operated. */
  protected inert: number;
  protected paint: PaintContext = { scale: 1, opacity: 1 };

  constructor(
    private readonly filter: ((element: Element) => boolean) | undefined,
    private readonly modal: Element | null,
    readonly probe: VisibilityProbe,
  ) {
    this.inert = modal ? 1 : 0;
    this.covers = new CoverFinder((element) => probe.style(element));
  }

  /** Writes an element that is seen (and what it holds) into `out`. */
  protected abstract visibleElement(
    element: Element,
    tag: string,
    hasAttributes: boolean,
    style: CSSStyleDeclaration,
    display: string,
    box: Box | undefined,
  ): void;

  read(root: Element): void {
    this.element(root);
  }

  /** Ends the line, or only the word inside a name or a heading. */
  protected boundary(): void {
    if (this.inline > 0) this.out.space();
    else this.out.endLine();
  }

  /** The element's children as laid out: a shadow root's, or the nodes a slot shows. */
  protected children(parent: Element): void {
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

  /** Reads one element if a sighted reader can see it; everything it paints with is set while inside. */
  protected element(element: Element): void {
    const tag = element.localName;
    if (SKIPPED_TAGS.has(tag)) {
      if (tag === 'svg' && this.inline > 0) this.svgLabel(element);
      return;
    }
    // Most elements carry no attribute that matters here; one check spares a dozen lookups.
    const hasAttributes = element.hasAttributes();
    if (hasAttributes && (element.hasAttribute('hidden') || (element.getAttribute('aria-hidden') === 'true' && !isCellMark(element, this.inCell)))) return;
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

  /** An icon inside a control may carry the control's only name. */
  private svgLabel(svg: Element): void {
    if (svg.getAttribute('aria-hidden') === 'true') return;
    const label = accessibleName(svg);
    if (label) this.out.text(` ${defuseMarkup(label)} `);
  }
}

/** A mark a sighted reader sees in a table cell, hidden from assistive tech: ✓, ✗, —. */
const CELL_MARK = /^[^\p{L}\p{N}\s]{1,2}$/u;

/**
 * A comparison table's ✓ and — are often `aria-hidden`, their meaning in a visually hidden label the
 * reading leaves out (a sighted reader cannot see it). The mark is what the cell shows, so it is read.
 */
function isCellMark(element: Element, inCell: number): boolean {
  return inCell > 0 && CELL_MARK.test((element.textContent ?? '').trim());
}
