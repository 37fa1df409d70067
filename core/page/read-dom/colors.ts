/** A colour as computed styles report it: channels 0–255, alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

const RGB_PATTERN = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/;

/**
 * Parses the `rgb()`/`rgba()` strings that `getComputedStyle` returns. Anything else (`color(…)`,
 * `oklch(…)` from newer stylesheets) gives undefined, which callers treat as "cannot judge".
 */
export function parseColor(value: string): Rgba | undefined {
  if (value === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const match = RGB_PATTERN.exec(value);
  if (!match) return undefined;
  const alphaText = match[4];
  let a = 1;
  if (alphaText !== undefined) a = alphaText.endsWith('%') ? parseFloat(alphaText) / 100 : parseFloat(alphaText);
  return { r: Number(match[1]), g: Number(match[2]), b: Number(match[3]), a };
}

/** Paints `top` over an opaque `bottom`. */
export function blend(top: Rgba, bottom: Rgba): Rgba {
  if (top.a >= 1) return top;
  const a = top.a;
  return {
    r: top.r * a + bottom.r * (1 - a),
    g: top.g * a + bottom.g * (1 - a),
    b: top.b * a + bottom.b * (1 - a),
    a: 1,
  };
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(color: Rgba): number {
  return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b);
}

/** WCAG contrast ratio of a (possibly translucent) text colour over an opaque background: 1 to 21. */
export function contrastRatio(text: Rgba, background: Rgba): number {
  const a = luminance(blend(text, background));
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
