// Saved pages are loaded with their scripts off. A few hide the whole document until their own
// script runs at load (anti-flicker snippets for headline tests, frame-busting guards):
// `html { display: none }`, `body { visibility: hidden !important }`. A reader would then see a
// blank page no visitor ever sees. The harness undoes that, as those scripts do, and the same way
// for every reader: it removes hiding declared for the whole page alone (rules whose selectors are
// only `html`, `body` or `:root`, and those elements' own style attributes). The readers themselves
// stay honest; this only gives them the page a visitor would get.

const PAGE_SELECTORS = new Set(['html', 'body', ':root']);
const HIDING: ReadonlyArray<readonly [property: string, hides: (value: string) => boolean]> = [
  ['display', (value) => value === 'none'],
  ['visibility', (value) => value === 'hidden' || value === 'collapse'],
  ['opacity', (value) => parseFloat(value) === 0],
];

function ownerName(sheet: CSSStyleSheet | null): string {
  const owner = sheet?.ownerNode as Element | null | undefined;
  if (!owner) return 'a style sheet';
  return `<${owner.localName}${owner.id ? ` id=${owner.id}` : ''}>`;
}

function unhide(style: CSSStyleDeclaration, where: string, removed: string[]): void {
  for (const [property, hides] of HIDING) {
    const value = style.getPropertyValue(property).trim();
    if (value && hides(value)) {
      style.removeProperty(property);
      removed.push(`${where} { ${property}: ${value} }`);
    }
  }
}

// The page may be in a frame, another realm: rules are told apart by their shape, not `instanceof`.
function visitRules(rules: CSSRuleList, sheet: CSSStyleSheet, removed: string[]): void {
  for (const rule of Array.from(rules)) {
    if ('selectorText' in rule) {
      const styleRule = rule as CSSStyleRule;
      const selectors = styleRule.selectorText.split(',').map((selector) => selector.trim());
      if (selectors.every((selector) => PAGE_SELECTORS.has(selector))) unhide(styleRule.style, `${ownerName(sheet)} ${styleRule.selectorText}`, removed);
    } else if ('cssRules' in rule) {
      visitRules((rule as CSSGroupingRule).cssRules, sheet, removed);
    }
  }
}

/** Removes page-wide hiding meant to last only until the page's script runs; returns what it removed. */
export function revealScriptHiddenPage(doc: Document): string[] {
  const removed: string[] = [];
  for (const sheet of Array.from(doc.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    }
    visitRules(rules, sheet, removed);
  }
  for (const element of [doc.documentElement, doc.body]) {
    if (element) unhide(element.style, `<${element.localName} style>`, removed);
  }
  return removed;
}
