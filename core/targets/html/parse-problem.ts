import type { ParserError } from 'parse5';
import type { HtmlParseProblem } from './region-parser.types.js';
import type { StructureError } from './structure-errors.js';

// The errors a model most often causes, explained with the fix. Other codes fall back to the code
// spelled out in words, which parse5 keeps descriptive.
const EXPLANATIONS: Readonly<Record<string, string>> = {
  'end-tag-without-matching-open-element':
    'unexpected end tag: no element with this name is open here; remove it or add the matching start tag',
  'closing-of-element-with-open-child-elements':
    'end tag closes an element whose children are still open; close the inner elements first',
  'open-elements-left-after-eof': 'the source ends while elements are still open; add their end tags',
  'eof-in-tag': 'the source ends inside a tag; finish the tag with ">"',
  'eof-in-comment': 'the source ends inside a comment; close it with "-->"',
  'eof-in-element-that-can-contain-only-text': 'the source ends inside an element such as <script> or <textarea>; add its end tag',
  'duplicate-attribute': 'an attribute appears twice on one tag; the second one is ignored, so remove it',
  'end-tag-with-attributes': 'an end tag carries attributes; attributes belong on the start tag',
  'end-tag-with-trailing-solidus': 'an end tag ends with "/>"; write it as "</name>"',
  'non-void-html-element-start-tag-with-trailing-solidus':
    'a non-void element is written as self-closing ("<div/>"), which HTML ignores; write a start and an end tag',
  'missing-attribute-value': 'an attribute has "=" but no value; add a quoted value',
  'unexpected-character-in-attribute-name': 'an attribute name contains a quote or "<"; check the quoting of the previous attribute',
  'unexpected-character-in-unquoted-attribute-value': 'an unquoted attribute value contains a quote, "<", "=" or "`"; quote the value',
  'missing-whitespace-between-attributes': 'two attributes touch; put a space between them',
  'unexpected-null-character': 'the source contains a NUL character; remove it',
  'missing-end-tag-name': '"</>" has no tag name; remove it',
  'invalid-first-character-of-tag-name': 'a "<" is not followed by a tag name; write "&lt;" for a literal "<"',
  'unknown-named-character-reference': 'an "&" starts an unknown character reference; write "&amp;" for a literal "&"',
  'missing-semicolon-after-character-reference': 'a character reference lacks its ";"',
  'abrupt-closing-of-empty-comment': 'a comment is closed too early ("<!-->"); write "<!-- text -->"',
  'incorrectly-opened-comment': 'a "<!" does not open a comment; write "<!--"',
  'incorrectly-closed-comment': 'a comment is closed with "--!>"; close it with "-->"',
  'nested-comment': 'a comment contains "<!--"; comments do not nest',
  'misplaced-doctype': 'a <!DOCTYPE> appears inside the content; remove it',
  'misplaced-start-tag-for-head-element': 'a <head> start tag appears inside the content; remove it',
};

// How much of the offending source to quote: enough to recognise a tag, short enough for a prompt.
const MAX_EXCERPT_LENGTH = 40;

/** Turns a parse5 error into a located sentence a model can act on. */
export function describeParseError(error: ParserError | StructureError, html: string): HtmlParseProblem {
  const detail = 'detail' in error && typeof error.detail === 'string' ? error.detail : undefined;
  const explanation = detail ?? EXPLANATIONS[error.code] ?? error.code.replace(/-/g, ' ');
  const excerpt = quoteSource(html, error.startOffset, error.endOffset);
  const message = `line ${error.startLine}, column ${error.startCol}: ${excerpt ? `${excerpt} — ` : ''}${explanation}`;
  return { code: error.code, line: error.startLine, column: error.startCol, offset: error.startOffset, message };
}

function quoteSource(html: string, start: number, end: number): string {
  if (end <= start) return '';
  const text = html.slice(start, Math.min(end, start + MAX_EXCERPT_LENGTH)).replace(/\s+/g, ' ');
  return `"${text}${end - start > MAX_EXCERPT_LENGTH ? '…' : ''}"`;
}
