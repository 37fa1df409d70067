/** A half-open range `[start, end)` of UTF-16 indices in a field's original text. */
export interface MatchRange {
  start: number;
  end: number;
}

/** Sorted, merged ranges from sorted or unsorted match positions. */
export function positionsToRanges(positions: ArrayLike<number>, length: number): MatchRange[] {
  const sorted = Array.from({ length }, (_, i) => positions[i]!).sort((a, b) => a - b);
  const ranges: MatchRange[] = [];
  for (const position of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && position <= last.end) last.end = Math.max(last.end, position + 1);
    else ranges.push({ start: position, end: position + 1 });
  }
  return ranges;
}

export function mergeRanges(ranges: readonly MatchRange[]): MatchRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: MatchRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ start: range.start, end: range.end });
  }
  return merged;
}
