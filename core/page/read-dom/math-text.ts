import { contentText } from './generated-content.js';
import { collapseWhitespace } from './text.js';

/**
 * Formulas as one line of text: MathML's tokens separated by spaces, scripts written `x^2` and
 * `x_i`, fractions `(a + b)/(2 c)`, roots `√(x)`, table rows separated by `;`, so that
 * `a x^2 + b x + c = 0` reads as the page shows it.
 */

const TOKENS = new Set(['mi', 'mn', 'mo', 'mtext', 'ms']);
const SILENT = new Set(['mphantom', 'mspace', 'annotation', 'annotation-xml', 'mprescripts', 'none']);

/** Whether a part of a formula is drawn; the caller decides (native MathML is styled like any element). */
type DrawnCheck = (element: Element) => boolean;

/** `x+1` needs brackets as a script or a fraction's part; `x` does not. */
function group(text: string): string {
  return /\s/.test(text) ? `(${text})` : text;
}

export function linearMath(element: Element, drawn: DrawnCheck): string {
  return collapseWhitespace(linear(element, drawn)).trim();
}

function linear(element: Element, drawn: DrawnCheck): string {
  const tag = element.localName;
  if (SILENT.has(tag) || !drawn(element)) return '';
  if (TOKENS.has(tag)) return collapseWhitespace(element.textContent ?? '').trim();
  const parts = Array.from(element.children, (child) => linear(child, drawn));
  const [first = '', second = '', third = ''] = parts;
  switch (tag) {
    case 'msup':
    case 'mover':
      return `${first}^${group(second)}`;
    case 'msub':
    case 'munder':
      return `${first}_${group(second)}`;
    case 'msubsup':
    case 'munderover':
      return `${first}_${group(second)}^${group(third)}`;
    case 'mfrac':
      return `${group(first)}/${group(second)}`;
    case 'msqrt':
      return `√(${parts.join(' ')})`;
    case 'mroot':
      return `√[${second}](${first})`;
    case 'semantics':
      return first;
    case 'mtable':
      return parts.filter(Boolean).join(' ; ');
    default:
      return parts.filter(Boolean).join(' ');
  }
}

/**
 * MathJax's HTML output draws a formula as empty `<mjx-c>` elements whose glyph is CSS generated
 * content, hidden from assistive technology, and puts the MathML beside it in a visually hidden
 * `<mjx-assistive-mml>`. The MathML reads best, but it is not what is drawn; it is used only when
 * every letter and digit in it is among the glyphs drawn, so nothing hidden gets through it.
 * Otherwise the drawn glyphs themselves are read, a token at a time.
 */
export function mathJaxText(container: Element, drawn: DrawnCheck): string {
  const glyphs: string[] = [];
  const math = Array.from(container.children).find((child) => child.localName === 'mjx-math');
  if (math) collectGlyphs(math, drawn, glyphs);
  const visible = glyphs.join(' ');
  if (!/\S/.test(visible)) return '';
  const assistive = Array.from(container.children).find((child) => child.localName === 'mjx-assistive-mml');
  const mathml = assistive && Array.from(assistive.children).find((child) => child.localName === 'math');
  if (mathml) {
    const formula = linearMath(mathml, () => true);
    if (formula && isDrawnBy(formula, visible)) return formula;
  }
  return collapseWhitespace(visible).trim();
}

/** The glyphs of one MathJax token element (`mjx-mi`, `mjx-mo`…) become one word. */
function collectGlyphs(element: Element, drawn: DrawnCheck, out: string[]): void {
  if (!drawn(element)) return;
  const tag = element.localName;
  if (tag === 'mjx-c') {
    const view = element.ownerDocument.defaultView;
    if (view) out.push(contentText(view.getComputedStyle(element, '::before').content, element));
    return;
  }
  const token = /^mjx-(mi|mn|mo|mtext|ms)$/.test(tag);
  const start = out.length;
  for (const child of element.children) collectGlyphs(child, drawn, out);
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3 && /\S/.test(node.nodeValue ?? '')) out.push(node.nodeValue!);
  }
  if (token && out.length > start + 1) out.splice(start, out.length - start, out.slice(start).join(''));
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

/** Every letter and digit of `formula` (counted with repeats) appears among `glyphs`. */
function isDrawnBy(formula: string, glyphs: string): boolean {
  const available = new Map<string, number>();
  for (const char of glyphs.normalize('NFKC').match(LETTER_OR_DIGIT) ?? []) available.set(char, (available.get(char) ?? 0) + 1);
  for (const char of formula.normalize('NFKC').match(LETTER_OR_DIGIT) ?? []) {
    const left = available.get(char) ?? 0;
    if (left === 0) return false;
    available.set(char, left - 1);
  }
  return true;
}
