/**
 * Text that an opaque box is painted over cannot be seen, though every style on the text itself
 * says it shows. `elementFromPoint` answers only inside the viewport, so this works from geometry:
 * the walk collects the few absolutely positioned boxes with an opaque background, and every element
 * whose text it wrote; afterwards each such box is checked against the text near it, in the box's
 * containing block. Which of two boxes is painted on top is approximated by their `z-index` and
 * tree order (nested stacking contexts are not modelled), and the geometry checks per read are
 * capped, so the cost stays small on any page.
 */

/** At most this many text boxes are measured per read; past it, the rest is taken as not covered. */
const MAX_MEASURED = 2_000;
/** A cover smaller than this, in CSS pixels each way, is an icon or a badge: it hides no text. */
const MIN_COVER_SIDE = 8;
/** Pixels a text box may stick out of a cover and still count as covered (rounding). */
const TOLERANCE = 1;

interface Cover {
  element: Element;
  rect: DOMRect;
  /** Its `z-index`; auto counts as 0. */
  z: number;
  /** The text holders inside the cover itself: `[from, to)`. */
  from: number;
  to: number;
}

interface Positioned {
  element: Element;
  from: number;
  cover: Cover | undefined;
}

/** The paint order of the text under a cover: in the flow of a box that also holds the cover, or in a positioned box of its own. */
type Stacking = { inFlow: true } | { inFlow: false; z: number };

export class CoverFinder {
  private readonly holders: Element[] = [];
  private readonly covers: Cover[] = [];
  /** Positioned boxes and the text holders they contain: where a cover's neighbours are. */
  private readonly ranges = new Map<Element, [number, number]>();
  private readonly stack: Positioned[] = [];

  constructor(private readonly styleOf: (element: Element) => CSSStyleDeclaration) {}

  /** The walk enters a positioned box; `cover` is its rectangle when it qualifies as an opaque cover. */
  enterPositioned(element: Element, zIndex: string, cover: DOMRect | undefined): void {
    const from = this.holders.length;
    const entry: Positioned = { element, from, cover: undefined };
    if (cover && cover.width >= MIN_COVER_SIDE && cover.height >= MIN_COVER_SIDE) {
      entry.cover = { element, rect: cover, z: zOf(zIndex), from, to: from };
    }
    this.stack.push(entry);
  }

  leavePositioned(): void {
    const entry = this.stack.pop()!;
    const to = this.holders.length;
    this.ranges.set(entry.element, [entry.from, to]);
    if (entry.cover) {
      entry.cover.to = to;
      this.covers.push(entry.cover);
    }
  }

  /** The walk wrote text that sits directly in `element`. */
  addText(element: Element): void {
    if (this.holders[this.holders.length - 1] !== element) this.holders.push(element);
  }

  /** Elements whose text lies wholly under an opaque cover painted above it. */
  coveredText(): Set<Element> {
    const covered = new Set<Element>();
    if (this.covers.length === 0) return covered;
    const rects = new Map<Element, DOMRect>();
    let measured = 0;
    for (const cover of this.covers) {
      const container = (cover.element as HTMLElement).offsetParent;
      const [from, to] = (container && this.ranges.get(container)) ?? [0, this.holders.length];
      for (let i = from; i < to; i++) {
        if (i >= cover.from && i < cover.to) continue;
        const holder = this.holders[i]!;
        if (covered.has(holder) || holder.ownerDocument !== cover.element.ownerDocument) continue;
        let rect = rects.get(holder);
        if (!rect) {
          if (measured >= MAX_MEASURED) return covered;
          measured += 1;
          rect = holder.getBoundingClientRect();
          rects.set(holder, rect);
        }
        if (inside(rect, cover.rect) && this.paintedOver(cover, holder, i)) covered.add(holder);
      }
    }
    return covered;
  }

  /**
   * Positioned boxes are painted after the ordinary flow of the box around them; between two
   * positioned boxes, the higher `z-index` wins, and on a tie the later one in the tree.
   */
  private paintedOver(cover: Cover, holder: Element, index: number): boolean {
    const stacking = this.stackingOf(holder, cover.element);
    if (stacking.inFlow) return cover.z >= 0;
    if (cover.z !== stacking.z) return cover.z > stacking.z;
    return index < cover.from;
  }

  /** Looked up only for text that lies under a cover, so the styles read here stay few. */
  private stackingOf(holder: Element, cover: Element): Stacking {
    for (let element: Element | null = holder; element; element = element.parentElement) {
      if (element.contains(cover)) return { inFlow: true };
      const style = this.styleOf(element);
      if (style.position !== 'static') return { inFlow: false, z: zOf(style.zIndex) };
    }
    return { inFlow: true };
  }
}

function zOf(zIndex: string): number {
  return zIndex === 'auto' ? 0 : Number(zIndex) || 0;
}

function inside(inner: DOMRect, outer: DOMRect): boolean {
  return (
    inner.width > 0 &&
    inner.height > 0 &&
    inner.left >= outer.left - TOLERANCE &&
    inner.top >= outer.top - TOLERANCE &&
    inner.right <= outer.right + TOLERANCE &&
    inner.bottom <= outer.bottom + TOLERANCE
  );
}
