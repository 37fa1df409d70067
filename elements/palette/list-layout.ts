import type { PaletteRow } from '../../core/palette/palette.types.js';

/** Pixel heights the styles give rows; the window arithmetic depends on them matching. */
export const ROW_HEIGHT = 48;
export const LINE_HEIGHT = 20;
export const HEADER_HEIGHT = 28;
/** Rows rendered beyond each edge of the visible area, so fast scrolling shows no gap. */
export const OVERSCAN = 8;

export interface ListLayout {
  /** Top of each row's option (below its heading, if any). */
  tops: Float64Array;
  heights: Float64Array;
  /** Whether a section heading sits right above the row. */
  headed: Uint8Array;
  total: number;
}

/** The heading a row is listed under, when the list is grouped. */
export function groupKey(row: PaletteRow): string | undefined {
  return row.recent ? '\u0000recent' : row.section;
}

export function rowHeight(row: PaletteRow): number {
  return row.type === 'item' && row.item.lines?.length ? ROW_HEIGHT + LINE_HEIGHT * row.item.lines.length : ROW_HEIGHT;
}

export function layoutRows(rows: readonly PaletteRow[], grouped: boolean): ListLayout {
  const count = rows.length;
  const tops = new Float64Array(count);
  const heights = new Float64Array(count);
  const headed = new Uint8Array(count);
  let y = 0;
  let previous: string | undefined;
  for (let i = 0; i < count; i++) {
    const row = rows[i]!;
    const key = grouped ? groupKey(row) : undefined;
    if (key !== undefined && (i === 0 || key !== previous)) {
      headed[i] = 1;
      y += HEADER_HEIGHT;
    }
    previous = key;
    tops[i] = y;
    heights[i] = rowHeight(row);
    y += heights[i]!;
  }
  return { tops, heights, headed, total: y };
}

/** The top of the row's slot, its heading included. */
export function slotTop(layout: ListLayout, index: number): number {
  return layout.tops[index]! - (layout.headed[index] ? HEADER_HEIGHT : 0);
}

/** Index of the last row whose top is at or above `y`. */
function rowAt(layout: ListLayout, y: number): number {
  let low = 0;
  let high = layout.tops.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (layout.tops[middle]! <= y) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The rows to render for a scroll position: the visible ones plus the overscan. */
export function visibleRange(layout: ListLayout, scrollTop: number, viewport: number): { start: number; end: number } {
  const count = layout.tops.length;
  if (count === 0) return { start: 0, end: 0 };
  const start = Math.max(0, rowAt(layout, scrollTop) - OVERSCAN);
  const end = Math.min(count, rowAt(layout, scrollTop + viewport) + 1 + OVERSCAN);
  return { start, end };
}

/** The scroll position that shows row `index` whole, moving as little as possible. */
export function scrollToShow(layout: ListLayout, index: number, scrollTop: number, viewport: number): number {
  const top = slotTop(layout, index);
  const bottom = layout.tops[index]! + layout.heights[index]!;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewport) return Math.max(0, bottom - viewport);
  return scrollTop;
}
