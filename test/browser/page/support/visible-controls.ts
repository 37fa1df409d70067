// An independent answer to "which controls can a user see and operate on this page?", written with
// the browser's own visibility test instead of the reader's style walk, to check the reader against.

const CONTROL_SELECTOR = [
  'a[href]', 'button', 'input:not([type="hidden"])', 'select', 'textarea', 'summary', 'label',
  '[contenteditable=""]', '[contenteditable="true"]',
  ...['button', 'link', 'tab', 'menuitem', 'checkbox', 'radio', 'switch', 'option']
    .concat(['combobox', 'textbox', 'slider', 'spinbutton', 'searchbox'])
    .map((role) => `[role="${role}"]`),
].join(', ');

function hasArea(rect: DOMRect): boolean {
  return rect.width > 0 && rect.height > 0;
}

/** An ancestor that clips its content to (almost) nothing, or clips it away with `clip`/`clip-path`. */
function clippedByAncestor(element: Element): boolean {
  const doc = element.ownerDocument;
  for (let node = element.parentElement; node; node = node.parentElement) {
    const style = doc.defaultView!.getComputedStyle(node);
    if (style.clip.startsWith('rect(') && /rect\(\s*0px,?\s+[01]px,?\s+[01]px,?\s+0px\s*\)/.test(style.clip)) return true;
    if (/^inset\(\s*(50|[5-9]\d|100)%/.test(style.clipPath)) return true;
    if (style.overflow !== 'visible' && node !== doc.body && node !== doc.documentElement) {
      const rect = node.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return true;
    }
  }
  return false;
}

function insideDocument(element: Element, rect: DOMRect): boolean {
  const root = element.ownerDocument.documentElement;
  const view = element.ownerDocument.defaultView!;
  const left = rect.left + view.scrollX;
  const top = rect.top + view.scrollY;
  const width = Math.max(root.scrollWidth, view.innerWidth);
  const height = Math.max(root.scrollHeight, element.ownerDocument.body?.scrollHeight ?? 0, view.innerHeight);
  return left + rect.width > 0 && top + rect.height > 0 && left < width && top < height;
}

/** Every control in the document a user could see: visible per `checkVisibility`, with a box on the page. */
export function visibleControls(doc: Document = document): Element[] {
  return Array.from(doc.querySelectorAll(CONTROL_SELECTOR)).filter((element) => {
    // `noscript` content shows only where scripts cannot run; the reader, like a scripted page, skips it.
    if (element.closest('[aria-hidden="true"], [inert], [hidden], .dddk-skip, [data-dddk-skip], noscript')) return false;
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const rect = element.getBoundingClientRect();
    if (!hasArea(rect)) return false;
    if (!insideDocument(element, rect)) return false;
    return !clippedByAncestor(element);
  });
}
