/** Questions an action asks about its target before touching it: rendered? visible? enabled? covered? */

export interface Point {
  x: number;
  y: number;
}

/** Rendered at all: no `display: none`, `visibility: hidden` or skipped content on the way up. */
export function isRendered(el: Element): boolean {
  if (!el.isConnected) return false;
  if (typeof el.checkVisibility === 'function') {
    return el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });
  }
  const style = getComputedStyle(el);
  return style.display !== 'none' && style.visibility !== 'hidden' && el.getClientRects().length > 0;
}

/** Visible to a person: rendered, with a box of some size, and not fully transparent. */
export function isVisible(el: Element): boolean {
  if (!isRendered(el)) return false;
  if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ opacityProperty: true })) return false;
  const rect = el.getBoundingClientRect();
  if (rect.width > 0 && rect.height > 0) return true;
  // An element with `display: contents` has no box of its own; its children carry it.
  return [...el.children].some((child) => isVisible(child));
}

/** Why the element cannot be operated (disabled, aria-disabled, inert), or undefined when it can. */
export function disabledReason(el: Element): string | undefined {
  if (el.matches(':disabled')) return 'it is disabled';
  const ariaDisabled = el.closest('[aria-disabled="true"]');
  if (ariaDisabled) return 'it is marked aria-disabled';
  if (composedClosest(el, '[inert]')) return 'it is inside an inert region (likely behind a modal dialog)';
  return undefined;
}

function composedParent(node: Node): Node | null {
  const slot = (node as Partial<Slottable>).assignedSlot;
  if (slot) return slot;
  if (node.parentNode) return node.parentNode;
  return (node as ShadowRoot).host ?? null;
}

/** `closest()` that also climbs out of shadow roots. */
export function composedClosest(el: Element, selector: string): Element | null {
  for (let node: Node | null = el; node; node = composedParent(node)) {
    if (node.nodeType === Node.ELEMENT_NODE && (node as Element).matches(selector)) return node as Element;
  }
  return null;
}

/** `contains()` across shadow boundaries and slots. */
export function composedContains(ancestor: Node, node: Node): boolean {
  for (let current: Node | null = node; current; current = composedParent(current)) {
    if (current === ancestor) return true;
  }
  return false;
}

/** The innermost element at a viewport point, descending into open shadow roots. */
export function deepElementFromPoint(doc: Document, x: number, y: number): Element | null {
  let hit = doc.elementFromPoint(x, y);
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** The centre of the part of the element inside the viewport, or undefined when none of it is. */
export function visibleCenter(el: Element): Point | undefined {
  const rect = el.getBoundingClientRect();
  const view = el.ownerDocument.defaultView;
  const width = view?.innerWidth ?? 0;
  const height = view?.innerHeight ?? 0;
  const left = Math.max(rect.left, 0);
  const right = Math.min(rect.right, width);
  const top = Math.max(rect.top, 0);
  const bottom = Math.min(rect.bottom, height);
  if (right <= left || bottom <= top) return undefined;
  return { x: (left + right) / 2, y: (top + bottom) / 2 };
}

/** Whether the element's centre lies inside the viewport. */
export function isCenterInViewport(el: Element): boolean {
  const rect = el.getBoundingClientRect();
  const view = el.ownerDocument.defaultView;
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  return x >= 0 && y >= 0 && x <= (view?.innerWidth ?? 0) && y <= (view?.innerHeight ?? 0);
}

/**
 * The element that would receive a real click at the target's centre instead of the target, or
 * undefined when the target (or something inside it, or a label for it) would get it.
 */
export function coveringElement(el: Element, point: Point): Element | undefined {
  const hit = deepElementFromPoint(el.ownerDocument, point.x, point.y);
  if (!hit) return undefined;
  if (composedContains(el, hit) || composedContains(hit, el)) return undefined;
  const label = hit.closest('label');
  if (label && (label as HTMLLabelElement).control === el) return undefined;
  return hit;
}
