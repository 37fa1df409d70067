import type { MatchRange } from './ranges.js';
import { mergeRanges } from './ranges.js';

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

export interface HighlightSegment {
  text: string;
  /** True for the characters the query matched. */
  match: boolean;
}

/**
 * Cuts `text` into plain and matched segments for a view to render as text nodes (never as HTML).
 * Ranges out of bounds are clipped; overlapping or unsorted ranges are merged.
 */
export function highlight(text: string, ranges: readonly MatchRange[]): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let cursor = 0;
  for (const range of mergeRanges(ranges)) {
    let start = Math.max(cursor, Math.min(range.start, text.length));
    let end = Math.max(start, Math.min(range.end, text.length));
    // Never cut an emoji or other astral character in half.
    if (start > cursor && isLowSurrogate(text.charCodeAt(start)) && isHighSurrogate(text.charCodeAt(start - 1))) start--;
    if (end < text.length && end > start && isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))) end++;
    if (end === start) continue;
    if (start > cursor) segments.push({ text: text.slice(cursor, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), match: false });
  return segments;
}
