/**
 * Which page elements a visitor may pin, and the order the keyboard visits them in: landmarks,
 * headings, interactive elements and elements with text, in document order. The kit's own elements
 * (anything inside a `dddk-*` host) are never offered.
 */

const KIT_PREFIX = 'dddk-';

/** Enough for any real page; past this the keyboard list stops growing (the pointer still reaches everything). */
const MAX_CANDIDATES = 2_000;

const LANDMARKS = [
  'header', 'footer', 'nav', 'main', 'aside', 'form', 'section[aria-label]', 'section[aria-labelledby]',
  '[role="banner"]', '[role="navigation"]', '[role="main"]', '[role="complementary"]', '[role="contentinfo"]',
  '[role="region"]', '[role="search"]', '[role="form"]',
].join(',');

const HEADINGS = 'h1,h2,h3,h4,h5,h6,[role="heading"]';

const INTERACTIVE = [
  'a[href]', 'button', 'input:not([type="hidden"])', 'select', 'textarea', 'summary', '[contenteditable=""]', '[contenteditable="true"]',
  '[role="button"]', '[role="link"]', '[role="checkbox"]', '[role="radio"]', '[role="switch"]', '[role="tab"]', '[role="menuitem"]',
  '[role="option"]', '[role="slider"]', '[role="textbox"]', '[role="combobox"]', '[tabindex]:not([tabindex="-1"])',
].join(',');

const TEXT_BLOCKS = 'p,li,dt,dd,blockquote,pre,figcaption,caption,th,td,label,figure,table,img[alt]:not([alt=""])';

/** Inside one of these, an element with its own text (a `<b>` in a `<p>`) is part of its container, not an entry of its own. */
const LEAVES = `${HEADINGS},${INTERACTIVE},${TEXT_BLOCKS}`;
const OFFERED = `${LANDMARKS},${LEAVES}`;

const NEVER = new Set(['script', 'style', 'template', 'noscript', 'head', 'meta', 'link', 'title', 'slot', 'br', 'wbr', 'option', 'optgroup']);

/** True for the kit's own elements: a `dddk-*` element or anything inside one, through shadow roots. */
export function isKitElement(element: Element): boolean {
  for (let node: Element | null = element; node; ) {
    if (node.localName.startsWith(KIT_PREFIX)) return true;
    if (node.parentElement) {
      node = node.parentElement;
      continue;
    }
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return false;
}

/** True when a visitor may pin `element`: on the page, not the kit's, not the page itself. */
export function isPickable(element: Element): boolean {
  const doc = element.ownerDocument;
  return element.isConnected && element !== doc.documentElement && element !== doc.body && !NEVER.has(element.localName) && !isKitElement(element);
}

/** The keyboard's stops, in document order (open shadow roots of page components included); built once per pick. */
export function pickableElements(root: Document | ShadowRoot = document): Element[] {
  const found: Element[] = [];
  collect(root, found);
  return found;
}

function collect(root: Document | ShadowRoot | Element, found: Element[]): void {
  const doc = root instanceof Document ? root : root.ownerDocument!;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, {
    acceptNode: (node) => {
      const element = node as Element;
      if (NEVER.has(element.localName) || element.localName.startsWith(KIT_PREFIX) || !shown(element)) return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  for (let node = walker.nextNode(); node && found.length < MAX_CANDIDATES; node = walker.nextNode()) {
    const element = node as Element;
    if (element !== doc.body && offered(element) && hasBox(element)) found.push(element);
    if (element.shadowRoot) collect(element.shadowRoot, found);
  }
}

function offered(element: Element): boolean {
  if (element.matches(OFFERED)) return true;
  if (!hasOwnText(element)) return false;
  return !element.parentElement?.closest(LEAVES);
}

function hasOwnText(element: Element): boolean {
  for (const child of element.childNodes) if (child.nodeType === Node.TEXT_NODE && child.textContent?.trim()) return true;
  return false;
}

/** False for what is not rendered (display: none, hidden); its subtree is skipped. */
function shown(element: Element): boolean {
  const check = (element as Element & { checkVisibility?: (options?: object) => boolean }).checkVisibility;
  if (typeof check === 'function') return check.call(element) || getComputedStyle(element).display === 'contents';
  return getComputedStyle(element).display !== 'none';
}

function hasBox(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}
