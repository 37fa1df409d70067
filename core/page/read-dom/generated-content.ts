import { MIN_VISIBLE_OPACITY, ownOpacity, type PaintContext, type VisibilityProbe } from './visibility.js';

/** Private-use characters are icon-font glyphs: they look like a picture, and read as nothing. */
export const ICON_GLYPHS = /[\uE000-\uF8FF]/g;

const CONTENT_TOKEN = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|attr\(\s*([\w-]+)\s*\)|(\/)/g;
const CSS_ESCAPE = /\\(?:([0-9a-fA-F]{1,6})\s?|(.))/g;

function unescapeCss(text: string): string {
  return text.replace(CSS_ESCAPE, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );
}

/**
 * The visible text of a computed `content` value: its strings and `attr()` values, in order. What
 * follows a `/` is the alternative text for assistive technology, which no sighted reader sees;
 * counters and quotes are left out, as they cannot be worked out from here.
 */
export function contentText(content: string, element: Element): string {
  if (content === 'none' || content === 'normal' || content === '') return '';
  let text = '';
  for (const match of content.matchAll(CONTENT_TOKEN)) {
    if (match[4]) break;
    if (match[3] !== undefined) text += element.getAttribute(match[3]) ?? '';
    else text += unescapeCss(match[1] ?? match[2] ?? '');
  }
  return text.replace(ICON_GLYPHS, '');
}

/**
 * Text that CSS draws into an element with `::before` and `::after` boxes: badges, labels and,
 * in MathJax's HTML output, every glyph of a formula. A pseudo-element the page hides, or whose
 * text could not be read (too small, transparent, the colour of its background), adds nothing.
 */
export function generatedText(element: Element, probe: VisibilityProbe, paint: PaintContext): [before: string, after: string] {
  return [pseudoText(element, '::before', probe, paint), pseudoText(element, '::after', probe, paint)];
}

function pseudoText(element: Element, which: '::before' | '::after', probe: VisibilityProbe, paint: PaintContext): string {
  const style = probe.pseudoStyle(element, which);
  const content = style.content;
  if (content === 'none' || content === 'normal' || content === '' || style.display === 'none') return '';
  const text = contentText(content, element);
  if (!/\S/.test(text)) return '';
  const opacity = paint.opacity * ownOpacity(style);
  if (opacity < MIN_VISIBLE_OPACITY || probe.textStyleHides(element, style, { scale: paint.scale, opacity })) return '';
  return text;
}
