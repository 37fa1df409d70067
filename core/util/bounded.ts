/** `text`, or its first `limit` characters and a note of how much was cut. */
export function bounded(text: string, limit: number): string {
  if (text.length <= limit) return text;
  // Never end on the first half of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
  return `${text.slice(0, end)}\n[… ${text.length - end} more characters were cut]`;
}
