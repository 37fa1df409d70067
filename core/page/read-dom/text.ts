const WHITESPACE_RUN = /\s+/g;

/** Collapses every run of whitespace to one space, as HTML rendering does; keeps leading/trailing ones. */
export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_RUN, ' ');
}

/** Cuts text to at most `limit` characters, ending with `…` when something was cut. */
export function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return text.slice(0, Math.max(0, limit - 1)).trimEnd() + '…';
}

/** The opening of `text`, at most `limit` characters, ending at a word boundary when one is near. */
export function headAtWord(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return (space > limit * 0.6 ? cut.slice(0, space) : cut).trimEnd();
}

/** UTF-8 length of a string, without allocating its encoding. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}
