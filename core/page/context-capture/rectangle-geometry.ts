// Rectangles in viewport coordinates, as the area picker moves, resizes and draws them; kept inside the viewport.

/** A rectangle in viewport coordinates, in CSS pixels. */
export interface RectangleLike {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Bounds {
  width: number;
  height: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/** The rectangle moved by `dx`, `dy`, stopping at the viewport's edges. */
export function moveRectangle(rect: RectangleLike, dx: number, dy: number, bounds: Bounds): RectangleLike {
  return { ...rect, x: clamp(rect.x + dx, 0, bounds.width - rect.width), y: clamp(rect.y + dy, 0, bounds.height - rect.height) };
}

/** The rectangle grown or shrunk by `dw`, `dh` from its top-left corner, never below `minSize` nor past the viewport. */
export function resizeRectangle(rect: RectangleLike, dw: number, dh: number, minSize: number, bounds: Bounds): RectangleLike {
  return { ...rect, width: clamp(rect.width + dw, minSize, bounds.width - rect.x), height: clamp(rect.height + dh, minSize, bounds.height - rect.y) };
}

/** The rectangle between the drag's start and the pointer, kept inside the viewport. */
export function between(from: { x: number; y: number }, to: { clientX: number; clientY: number }, bounds: Bounds): RectangleLike {
  const x1 = clamp(Math.min(from.x, to.clientX), 0, bounds.width);
  const y1 = clamp(Math.min(from.y, to.clientY), 0, bounds.height);
  const x2 = clamp(Math.max(from.x, to.clientX), 0, bounds.width);
  const y2 = clamp(Math.max(from.y, to.clientY), 0, bounds.height);
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}
