/**
 * `text:` targets: the element that shows the given words, for text the reading prints without an
 * id of its own (a table row, a paragraph, a definition). `text:Weekly digest|Grove` names the
 * smallest element whose text holds every part. Matching folds case and whitespace; the kit's own
 * elements, scripts and hidden elements never match; among equally small matches, one outside
 * navigation and links wins, then the first in document order. The work is bounded.
 */

const MAX_PARTS = 4;
const MAX_PART_CHARS = 200;
const MAX_VISITED = 20_000;
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'head']);
const ASIDE = 'nav, header, footer, a, button, [role="navigation"]';

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** What a `text:` target resolves to: the same shape as `resolveTarget`'s answer. */
export type TextTargetResult = { ok: true; element: Element; via: 'selector' } | { ok: false; reason: 'not_found'; message: string };

export function resolveTextTarget(root: Document | Element, target: string): TextTargetResult {
  const parts = target
    .slice('text:'.length)
    .split('|')
    .map((part) => normalize(part).slice(0, MAX_PART_CHARS))
    .filter(Boolean)
    .slice(0, MAX_PARTS);
  if (parts.length === 0) return { ok: false, reason: 'not_found', message: 'a text: target needs the words the element shows, e.g. text:Weekly digest' };
  const start = root.nodeType === 9 ? (root as Document).body : (root as Element);
  const matches: Element[] = [];
  let visited = 0;
  const holds = (element: Element) => {
    visited += 1;
    const text = normalize(element.textContent ?? '');
    return parts.every((part) => text.includes(part));
  };
  // Depth first, only into children that hold every part: the deepest such elements are the matches.
  // A child holding every part is a smaller match than its parent; a hidden one holds them for no one.
  const descend = (element: Element): boolean => {
    if (visited > MAX_VISITED || matches.length >= 20) return false;
    if (!isShown(element)) return false;
    let inChild = false;
    let found = false;
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
      if (SKIPPED.has(child.localName) || child.localName.startsWith('dddk-') || !holds(child)) continue;
      inChild = true;
      if (descend(child)) found = true;
    }
    if (inChild) return found;
    matches.push(element);
    return true;
  };
  if (start && holds(start)) descend(start);
  const best = matches.find((element) => !element.closest(ASIDE)) ?? matches[0];
  if (!best) {
    return { ok: false, reason: 'not_found', message: `no element on the page shows "${parts.join('" and "')}"; use an element id from the page text` };
  }
  return { ok: true, element: best, via: 'selector' };
}

function isShown(element: Element): boolean {
  const check = (element as Element & { checkVisibility?: (options?: object) => boolean }).checkVisibility;
  return typeof check === 'function' ? check.call(element, { visibilityProperty: true }) : true;
}
