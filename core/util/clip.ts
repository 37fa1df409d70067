/**
 * At most `max` characters (code points, so a surrogate pair is never cut), ending with `…` when
 * shortened; cut at the last space when one is near the end, so a word is not split.
 */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  let cut = chars.slice(0, Math.max(1, max - 1)).join('');
  const space = cut.lastIndexOf(' ');
  if (space > cut.length * 0.6) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.\-–—|]+$/, '')}…`;
}
