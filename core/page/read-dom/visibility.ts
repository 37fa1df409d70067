import { blend, contrastRatio, parseColor, WHITE, type Rgba } from './colors.js';

/** Text whose contrast with its background is below this cannot be read: same colour, give or take. */
const MIN_READABLE_CONTRAST = 1.1;

interface DocumentArea {
  scrollX: number;
  scrollY: number;
  width: number;
  height: number;
  viewportWidth: number;
  viewportHeight: number;
}

/**
 * Style and layout questions the reader asks while it walks one page, answered from caches that
 * live for that one read. Only reads: nothing here writes to the DOM, so layout is computed once.
 */
export class VisibilityProbe {
  private readonly styles = new Map<Element, CSSStyleDeclaration>();
  private readonly backgrounds = new Map<Element, Rgba | null>();
  private readonly hiddenText = new Map<Element, boolean>();
  private readonly areas = new Map<Document, DocumentArea>();
  /** Computed colour strings repeat endlessly on a page: each is parsed once per read. */
  private readonly colors = new Map<string, Rgba | undefined>();
  /** Whether text of a colour string is readable on a background, by `color|r,g,b`. */
  private readonly readable = new Map<string, boolean>();

  style(element: Element): CSSStyleDeclaration {
    let style = this.styles.get(element);
    if (!style) {
      const view = element.ownerDocument.defaultView;
      style = view ? view.getComputedStyle(element) : getComputedStyle(element);
      this.styles.set(element, style);
    }
    return style;
  }

  /**
   * The colour behind the element's text: its own background over its ancestors', walking up the
   * rendered tree (through shadow hosts, slots and frames). Null when an image or gradient is
   * painted somewhere in between, so the colour alone cannot tell.
   */
  background(element: Element): Rgba | null {
    const known = this.backgrounds.get(element);
    if (known !== undefined) return known;
    const style = this.style(element);
    let result: Rgba | null;
    if (style.backgroundImage !== 'none') {
      result = null;
    } else {
      const own = this.color(style.backgroundColor);
      if (!own) result = null;
      else if (own.a >= 1) result = own;
      else {
        const parent = renderedParent(element);
        const below = parent ? this.background(parent) : WHITE;
        result = own.a <= 0 ? below : below && blend(own, below);
      }
    }
    this.backgrounds.set(element, result);
    return result;
  }

  /**
   * Whether the text directly inside the element cannot be seen: the element is visibility:hidden,
   * its text is transparent, zero-sized, pushed out by a huge negative indent, or painted in the
   * colour of what lies behind it.
   */
  hidesText(element: Element): boolean {
    const known = this.hiddenText.get(element);
    if (known !== undefined) return known;
    const style = this.style(element);
    let hidden = style.visibility !== 'visible' || style.fontSize === '0px';
    if (!hidden && style.textIndent !== '0px' && parseFloat(style.textIndent) <= -999) hidden = true;
    if (!hidden) {
      const colorText = style.color;
      const color = this.color(colorText);
      if (color && color.a <= 0.02) hidden = true;
      else if (color) {
        const background = this.background(element);
        hidden =
          background !== null &&
          !this.isReadable(colorText, color, background) &&
          style.textShadow === 'none' &&
          (style.getPropertyValue('-webkit-text-stroke-width') || '0px') === '0px';
      }
    }
    this.hiddenText.set(element, hidden);
    return hidden;
  }

  private color(value: string): Rgba | undefined {
    if (this.colors.has(value)) return this.colors.get(value);
    const color = parseColor(value);
    this.colors.set(value, color);
    return color;
  }

  private isReadable(colorText: string, color: Rgba, background: Rgba): boolean {
    const key = `${colorText}|${background.r},${background.g},${background.b}`;
    let readable = this.readable.get(key);
    if (readable === undefined) {
      readable = contrastRatio(color, background) >= MIN_READABLE_CONTRAST;
      this.readable.set(key, readable);
    }
    return readable;
  }

  /**
   * True when a box lies entirely outside the area the document can be scrolled to (the usual way
   * to park skip links and off-canvas menus), or, for fixed boxes, outside the viewport.
   */
  isOutside(element: Element, rect: DOMRect, fixed: boolean): boolean {
    const area = this.area(element.ownerDocument);
    if (fixed) {
      return rect.right <= 0 || rect.bottom <= 0 || rect.left >= area.viewportWidth || rect.top >= area.viewportHeight;
    }
    const left = rect.left + area.scrollX;
    const top = rect.top + area.scrollY;
    return left + rect.width <= 0 || top + rect.height <= 0 || left >= area.width || top >= area.height;
  }

  private area(doc: Document): DocumentArea {
    let area = this.areas.get(doc);
    if (!area) {
      const view = doc.defaultView;
      const root = doc.documentElement;
      const viewportWidth = view?.innerWidth ?? root.clientWidth;
      const viewportHeight = view?.innerHeight ?? root.clientHeight;
      area = {
        scrollX: view?.scrollX ?? 0,
        scrollY: view?.scrollY ?? 0,
        width: Math.max(root.scrollWidth, viewportWidth),
        height: Math.max(root.scrollHeight, doc.body?.scrollHeight ?? 0, viewportHeight),
        viewportWidth,
        viewportHeight,
      };
      this.areas.set(doc, area);
    }
    return area;
  }
}

/** The parent a box is painted inside: a slotted node's slot, a shadow root's host, a frame's iframe. */
function renderedParent(element: Element): Element | null {
  const slot = element.assignedSlot;
  if (slot) return slot;
  const parent = element.parentNode;
  if (!parent) return null;
  if (parent.nodeType === 1) return parent as Element;
  if (parent.nodeType === 11) return (parent as ShadowRoot).host ?? null;
  if (parent.nodeType === 9) return (parent as Document).defaultView?.frameElement ?? null;
  return null;
}

/** `clip: rect(…)` or `clip-path: inset(50%)` that leaves nothing of an absolutely positioned box. */
export function isClippedAway(style: CSSStyleDeclaration): boolean {
  const clip = style.clip;
  if (clip && clip !== 'auto') {
    const edges = /rect\(\s*([^,\s)]+)[,\s]+([^,\s)]+)[,\s]+([^,\s)]+)[,\s]+([^,\s)]+)\s*\)/.exec(clip);
    if (edges) {
      const [top, right, bottom, left] = edges.slice(1).map((edge) => (edge === 'auto' ? NaN : parseFloat(edge)));
      if (right! - left! <= 1 || bottom! - top! <= 1) return true;
    }
  }
  const clipPath = style.clipPath;
  if (clipPath && clipPath !== 'none') {
    const inset = /^inset\(\s*([\d.]+)%/.exec(clipPath);
    if (inset && parseFloat(inset[1]!) >= 50) return true;
    if (/^circle\(\s*0(px|%)?[\s)]/.test(clipPath)) return true;
  }
  return false;
}
