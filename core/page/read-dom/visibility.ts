import { blend, contrastRatio, parseColor, WHITE, type Rgba } from './colors.js';

/** Text whose contrast with its background is below this cannot be read: same colour, give or take. */
const MIN_READABLE_CONTRAST = 1.1;

/**
 * Smallest rendered font size that can be read, in CSS pixels. A letter's x-height is about half
 * its font size; below 5px that is under three pixels, too few to draw a letter anyone can make out.
 * The size counts every scaling transform and `zoom` on the way down (`transform: scale(.1)` on 16px text).
 */
const MIN_LEGIBLE_FONT_PX = 5;

/**
 * Below this opacity, multiplied down from every ancestor (`filter: opacity()` included), nothing
 * can be made out: black at 10% on white is a contrast of 1.25, about the faintest grey a page uses.
 */
export const MIN_VISIBLE_OPACITY = 0.1;

/**
 * Letter spacing this far below zero, as a share of the font size, piles each letter onto the one
 * before it (a letter is about half an em wide): what is left is a smudge, not words.
 */
const MIN_LETTER_SPACING_EM = -0.5;

/** A text indent this large pushes the text out of any box on any screen (the image-replacement trick). */
const OFF_PAGE_INDENT = 999;

interface DocumentArea {
  scrollX: number;
  scrollY: number;
  width: number;
  height: number;
  viewportWidth: number;
  viewportHeight: number;
}

/** How an ancestor chain draws an element: scaled by transforms and faded by opacity, multiplied down. */
export interface PaintContext {
  scale: number;
  opacity: number;
}

const GRADIENT = /gradient\(/;
const PAGE_WHITE: Rgba[] = [WHITE];
const COLOR_IN_TEXT = /rgba?\([^)]*\)|transparent/g;

/**
 * Style and layout questions the reader asks while it walks one page, answered from caches that
 * live for that one read. Only reads: nothing here writes to the DOM, so layout is computed once.
 */
export class VisibilityProbe {
  private readonly styles = new Map<Element, CSSStyleDeclaration>();
  private readonly backgrounds = new Map<Element, Rgba[] | null>();
  private hiddenText = new Map<Element, boolean>();
  private readonly areas = new Map<Document, DocumentArea>();
  /** Computed colour strings repeat endlessly on a page: each is parsed once per read. */
  private readonly colors = new Map<string, Rgba | undefined>();
  /** Whether text of a colour string is readable on a background, by `color|r,g,b`. */
  private readonly readable = new Map<string, boolean>();
  /** Elements whose text an opaque box is painted over (see `covers.ts`). */
  private covered: ReadonlySet<Element> = new Set();

  style(element: Element): CSSStyleDeclaration {
    let style = this.styles.get(element);
    if (!style) {
      const view = element.ownerDocument.defaultView;
      style = view ? view.getComputedStyle(element) : getComputedStyle(element);
      this.styles.set(element, style);
    }
    return style;
  }

  /** The style of an element's `::before` or `::after` box. */
  pseudoStyle(element: Element, which: '::before' | '::after'): CSSStyleDeclaration {
    const view = element.ownerDocument.defaultView;
    return view ? view.getComputedStyle(element, which) : getComputedStyle(element, which);
  }

  /** Marks text as hidden under opaque boxes for the next walk; what was judged before is judged again. */
  setCovered(covered: ReadonlySet<Element>): void {
    this.covered = covered;
    this.hiddenText = new Map();
  }

  /**
   * The colours that may lie behind the element's text: its own background over its ancestors',
   * walking up the rendered tree (through shadow hosts, slots and frames). A gradient gives each of
   * its colours. Null when a picture is painted somewhere in between, so colour alone cannot tell.
   */
  background(element: Element): Rgba[] | null {
    const known = this.backgrounds.get(element);
    if (known !== undefined) return known;
    const style = this.style(element);
    const image = style.backgroundImage;
    let layers: Rgba[] | undefined;
    if (image === 'none') {
      const own = this.color(style.backgroundColor);
      // Most boxes paint no background: they show their parent's, and share its answer.
      if (own && own.a <= 0) return this.remember(element, this.parentBackground(element));
      layers = own ? [own] : undefined;
    } else if (GRADIENT.test(image) && !image.includes('url(')) {
      const stops = image.match(COLOR_IN_TEXT)?.map((text) => this.color(text)) ?? [];
      const base = this.color(style.backgroundColor);
      if (stops.length > 0 && base && stops.every((stop) => stop !== undefined)) {
        layers = (stops as Rgba[]).map((stop) => (stop.a >= 1 ? stop : blendUnder(stop, base)));
      }
    }
    if (!layers) return this.remember(element, null);
    if (layers.every((layer) => layer.a >= 1)) return this.remember(element, layers);
    const below = this.parentBackground(element);
    return this.remember(element, below && layers.flatMap((layer) => (layer.a <= 0 ? below : below.map((under) => blend(layer, under)))));
  }

  private parentBackground(element: Element): Rgba[] | null {
    const parent = renderedParent(element);
    return parent ? this.background(parent) : PAGE_WHITE;
  }

  private remember(element: Element, background: Rgba[] | null): Rgba[] | null {
    this.backgrounds.set(element, background);
    return background;
  }

  /**
   * Whether the text directly inside the element cannot be seen: it is visibility:hidden, too small
   * to read (scaling included), transparent or faded out, pushed out by its indent, its letters
   * piled onto each other, painted in the colour of what lies behind it, or under an opaque box.
   */
  hidesText(element: Element, paint: PaintContext): boolean {
    const known = this.hiddenText.get(element);
    if (known !== undefined) return known;
    const hidden = this.covered.has(element) || this.textStyleHides(element, this.style(element), paint);
    this.hiddenText.set(element, hidden);
    return hidden;
  }

  /** The text-level checks of `hidesText`, for an element's own style or one of its pseudo-elements'. */
  textStyleHides(element: Element, style: CSSStyleDeclaration, paint: PaintContext): boolean {
    if (style.visibility !== 'visible') return true;
    const fontPx = parseFloat(style.fontSize);
    // CSS `zoom` leaves the computed font size as it was; the element knows its zoom, ancestors' included.
    const zoom = (element as { currentCSSZoom?: number }).currentCSSZoom ?? 1;
    if (!(fontPx * paint.scale * zoom >= MIN_LEGIBLE_FONT_PX)) return true;
    const indent = style.textIndent;
    if (indent !== '0px') {
      const shift = Math.abs(parseFloat(indent));
      if (shift >= OFF_PAGE_INDENT) return true;
      if (style.overflow !== 'visible' && shift >= ((element as HTMLElement).offsetWidth ?? Infinity)) return true;
    }
    const spacing = style.letterSpacing;
    if (spacing !== 'normal' && spacing !== '0px' && parseFloat(spacing) <= MIN_LETTER_SPACING_EM * fontPx) return true;
    // The fill colour is what the glyphs are painted with; it is `color` unless a page sets it apart.
    const fillText = style.webkitTextFillColor || style.color;
    const fill = this.color(fillText);
    if (!fill) return false;
    const alpha = fill.a * paint.opacity;
    if (alpha <= 0.02) {
      // Transparent glyphs show the background through them when it is clipped to the text.
      const clippedToText = style.getPropertyValue('-webkit-background-clip') === 'text' || style.backgroundClip === 'text';
      return !clippedToText && !isStroked(style);
    }
    const backgrounds = this.background(element);
    if (backgrounds === null) return false;
    const ink = alpha === fill.a ? fill : { ...fill, a: alpha };
    const key = alpha === fill.a ? fillText : `${fillText}@${alpha}`;
    if (backgrounds.some((background) => this.isReadable(key, ink, background))) return false;
    // An outline or a shadow draws the letters even where their fill melts into the background.
    return !isStroked(style) && style.textShadow === 'none';
  }

  private color(value: string): Rgba | undefined {
    if (this.colors.has(value)) return this.colors.get(value);
    const color = parseColor(value);
    this.colors.set(value, color);
    return color;
  }

  private isReadable(colorKey: string, color: Rgba, background: Rgba): boolean {
    const key = `${colorKey}|${background.r},${background.g},${background.b}`;
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

function isStroked(style: CSSStyleDeclaration): boolean {
  return (style.getPropertyValue('-webkit-text-stroke-width') || '0px') !== '0px';
}

/** A translucent gradient stop over the element's own background colour. */
function blendUnder(stop: Rgba, base: Rgba): Rgba {
  if (base.a <= 0) return stop;
  const a = stop.a + base.a * (1 - stop.a);
  const mix = (top: number, bottom: number) => (top * stop.a + bottom * base.a * (1 - stop.a)) / a;
  return { r: mix(stop.r, base.r), g: mix(stop.g, base.g), b: mix(stop.b, base.b), a };
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

/** How much a computed `transform` (and `scale`) shrinks a box: the smaller of its two axis factors. */
export function transformScale(style: CSSStyleDeclaration): number {
  let factor = 1;
  const transform = style.transform;
  // A translation alone (the common `translate(…)` and `translateZ(0)` hacks) leaves the size as it is.
  if (transform && transform !== 'none' && !transform.startsWith('matrix(1, 0, 0, 1,') && !transform.startsWith('matrix3d(1, 0, 0, 0, 0, 1,')) {
    const matrix = /^matrix(3d)?\(([^)]*)\)$/.exec(transform);
    if (matrix) {
      const m = matrix[2]!.split(',').map(Number);
      // 2D: a b c d e f; 3D: the first two columns hold the x and y axes.
      const [a, b, c, d] = matrix[1] ? [m[0]!, m[1]!, m[4]!, m[5]!] : [m[0]!, m[1]!, m[2]!, m[3]!];
      factor = Math.min(Math.hypot(a, b), Math.hypot(c, d));
    }
  }
  const scale = style.scale;
  if (scale && scale !== 'none') {
    const values = scale.split(/\s+/).map((value) => (value.endsWith('%') ? parseFloat(value) / 100 : parseFloat(value)));
    factor *= Math.min(...values.slice(0, 2).map(Math.abs));
  }
  return Number.isFinite(factor) ? factor : 1;
}

/** The opacity an element paints with: its `opacity` times every `opacity()` in its `filter`. */
export function ownOpacity(style: CSSStyleDeclaration): number {
  const opacity = style.opacity;
  let value = opacity === '1' ? 1 : parseFloat(opacity);
  const filter = style.filter;
  if (filter && filter !== 'none' && filter.includes('opacity(')) {
    for (const match of filter.matchAll(/opacity\(\s*([\d.]+)(%?)\s*\)/g)) {
      value *= match[2] ? parseFloat(match[1]!) / 100 : parseFloat(match[1]!);
    }
  }
  return Number.isFinite(value) ? value : 1;
}
