/**
 * Whether `clip` or `clip-path` leaves nothing of a box to see: the screen-reader-only patterns
 * (`clip: rect(0 0 0 0)`, `clip-path: inset(50%)`) and the shapes that enclose no area.
 */

interface Size {
  width: number;
  height: number;
}

/** Below this many pixels of width or height, nothing a reader could make out is left. */
const MIN_SIDE = 1;

/** `clip: rect(…)` (which applies only to absolutely positioned boxes) cut down to nothing. */
export function isClipRectEmpty(clip: string): boolean {
  if (!clip || clip === 'auto') return false;
  const edges = /rect\(\s*([^,\s)]+)[,\s]+([^,\s)]+)[,\s]+([^,\s)]+)[,\s]+([^,\s)]+)\s*\)/.exec(clip);
  if (!edges) return false;
  const [top, right, bottom, left] = edges.slice(1).map((edge) => (edge === 'auto' ? NaN : parseFloat(edge)));
  return right! - left! <= MIN_SIDE || bottom! - top! <= MIN_SIDE;
}

/** A length in a basic shape: pixels, or a percentage of `reference`. */
function length(value: string, reference: number): number {
  const number = parseFloat(value);
  if (Number.isNaN(number)) return NaN;
  return value.endsWith('%') ? (number / 100) * reference : number;
}

/** `clip-path` (on any box) that encloses no area: insets that meet, a zero radius, a polygon with no width or height. */
export function isClipPathEmpty(clipPath: string, box: Size): boolean {
  if (!clipPath || clipPath === 'none') return false;
  const shape = /^(inset|circle|ellipse|polygon)\((.*)\)$/.exec(clipPath.trim());
  if (!shape) return false;
  const [, kind, args] = shape;
  if (kind === 'inset') {
    const values = args!.split(/\s+round\s+/)[0]!.trim().split(/\s+/);
    const [top, right = top, bottom = top, left = right] = values as [string, string?, string?, string?];
    const vertical = length(top, box.height) + length(bottom!, box.height);
    const horizontal = length(left!, box.width) + length(right!, box.width);
    return box.height - vertical < MIN_SIDE || box.width - horizontal < MIN_SIDE;
  }
  if (kind === 'circle') {
    const radius = args!.split(/\s+at\s+/)[0]!.trim();
    return radius !== '' && !/^(closest|farthest)-/.test(radius) && length(radius, Math.min(box.width, box.height)) < MIN_SIDE / 2;
  }
  if (kind === 'ellipse') {
    const radii = args!.split(/\s+at\s+/)[0]!.trim().split(/\s+/);
    if (radii.length < 2 || radii.some((radius) => /^(closest|farthest)-/.test(radius))) return false;
    return length(radii[0]!, box.width) < MIN_SIDE / 2 || length(radii[1]!, box.height) < MIN_SIDE / 2;
  }
  const points = args!
    .replace(/^\s*(nonzero|evenodd)\s*,/, '')
    .split(',')
    .map((point) => point.trim().split(/\s+/))
    .map(([x, y]) => [length(x ?? '', box.width), length(y ?? '', box.height)] as const);
  if (points.length === 0 || points.some(([x, y]) => Number.isNaN(x) || Number.isNaN(y))) return false;
  // The points' bounding box, not the signed area: a crossed polygon can have no net area and still show.
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return Math.max(...xs) - Math.min(...xs) < MIN_SIDE || Math.max(...ys) - Math.min(...ys) < MIN_SIDE;
}
