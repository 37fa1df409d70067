/**
 * Markdown source reduced to the words a screen reader should hear: markers, link targets and tags
 * dropped. It only feeds the live region; what the bar shows is the sanitized rendering.
 */
export function markdownToPlainText(source: string): string {
  return source
    .replace(/```[^\n]*\n?/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|~~|\*|_|`)(?=\S)([^\n]*?\S)\1/g, '$2');
}
