import type { DefaultTreeAdapterTypes, ParserError, Token } from 'parse5';

type Element = DefaultTreeAdapterTypes.Element;

/**
 * A structural mistake parse5 recovers from without reporting it. Shaped like parse5's own errors
 * (with our own codes) so both kinds are described the same way.
 */
export interface StructureError extends Omit<ParserError, 'code'> {
  readonly code: string;
  readonly detail: string;
}

// Elements whose end tag HTML lets an author omit: closing them implicitly is not a mistake.
const OPTIONAL_END_TAGS = new Set([
  'p', 'li', 'dt', 'dd', 'rb', 'rt', 'rtc', 'rp', 'optgroup', 'option', 'colgroup', 'caption',
  'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'html', 'head', 'body',
]);

/**
 * Judges an end tag against the elements open when it arrives (`open[1..top]`: slot 0 is the
 * fragment's synthetic root): it must close something, and it must not implicitly close an element
 * whose own end tag is required. Reads the parser's stack in place, since it runs on every end tag.
 */
export function checkEndTag(token: Token.TagToken, open: readonly Element[], top: number): StructureError | undefined {
  if (!token.location) return undefined;
  const name = token.tagName.toLowerCase();
  let index = top;
  while (index >= 1 && open[index]!.tagName.toLowerCase() !== name) index -= 1;
  if (index < 1) {
    return structureError(token.location, 'unexpected-end-tag', `unexpected end tag </${name}>: no <${name}> is open here; remove it or add the matching start tag`);
  }
  if (index === top) return undefined;
  const closedEarly = open
    .slice(index + 1, top + 1)
    .map((element) => element.tagName.toLowerCase())
    .filter((openName) => !OPTIONAL_END_TAGS.has(openName));
  if (closedEarly.length === 0) return undefined;
  const list = closedEarly.reverse().map((open) => `</${open}>`).join('');
  return structureError(
    token.location,
    'end-tag-closes-open-elements',
    `end tag </${name}> arrives while ${closedEarly.map((open) => `<${open}>`).join(', ')} inside it is still open; write ${list} before it`,
  );
}

/** The elements still open when the source ends, except those whose end tag may be omitted. */
export function elementsLeftOpen(open: readonly Element[]): StructureError[] {
  return open
    .filter((element) => !OPTIONAL_END_TAGS.has(element.tagName.toLowerCase()) && element.sourceCodeLocation?.startTag)
    .map((element) => {
      const name = element.tagName.toLowerCase();
      const startTag = element.sourceCodeLocation!.startTag!;
      return structureError(startTag, 'element-left-open', `<${name}> is never closed; add </${name}> where its content ends`);
    });
}

function structureError(location: Token.Location, code: string, detail: string): StructureError {
  return {
    code,
    detail,
    startLine: location.startLine,
    startCol: location.startCol,
    startOffset: location.startOffset,
    endLine: location.endLine,
    endCol: location.endCol,
    endOffset: location.endOffset,
  };
}
