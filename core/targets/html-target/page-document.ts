import type { DefaultTreeAdapterMap, DefaultTreeAdapterTypes, Token } from 'parse5';
import type { Parse5 } from '../lazy-parse5.js';

type Attribute = DefaultTreeAdapterTypes.Element['attrs'][number];

/**
 * Tags that act on the document itself. A region's parse (as the children of its element) drops
 * <html>, <head>, <body> and <frameset> tags, but a browser that opens the stored page copies the
 * attributes of a stray <html> or <body> tag onto the page's own element, and a <frameset> can
 * replace the body; <base> and <meta> act on the whole page wherever they stand, and a <frame>
 * outside a frameset is dropped by both parses, but says the content was meant to replace the page.
 */
const DOCUMENT_START_TAGS = new Set(['html', 'head', 'body', 'frameset', 'frame', 'base', 'meta']);
const DOCUMENT_END_TAGS = new Set(['html', 'head', 'body']);

/** One such tag token as the tokenizer saw it, with its offsets in the source. */
export interface DocumentTag {
  readonly tagName: string;
  readonly closing: boolean;
  readonly attrs: readonly Attribute[];
  readonly start: number;
  readonly end: number;
}

/** A source parsed as a browser parses a page it opens, with its document-level tags. */
export interface PageDocument {
  readonly document: DefaultTreeAdapterTypes.Document;
  readonly documentTags: readonly DocumentTag[];
}

interface RecordingParser {
  readonly documentTags: DocumentTag[];
  readonly document: DefaultTreeAdapterTypes.Document;
  readonly tokenizer: { write(chunk: string, isLastChunk: boolean): void };
}

type RecordingParserClass = new (options: object) => RecordingParser;

let recordingParserFor: { parse5: Parse5; parserClass: RecordingParserClass } | undefined;

function record(list: DocumentTag[], token: Token.TagToken, closing: boolean): void {
  if (!token.location) return;
  list.push({ tagName: token.tagName, closing, attrs: token.attrs, start: token.location.startOffset, end: token.location.endOffset });
}

/**
 * Tags are recorded as tokens, in the states the tree builder gives the tokenizer: a mention inside
 * a comment, <textarea> or attribute value is no tag, while a tag that tree construction ignores or
 * merges into an existing element still is.
 */
function recordingParser(parse5: Parse5): RecordingParserClass {
  if (recordingParserFor?.parse5 === parse5) return recordingParserFor.parserClass;
  class DocumentRecordingParser extends parse5.Parser<DefaultTreeAdapterMap> {
    readonly documentTags: DocumentTag[] = [];

    override onStartTag(token: Token.TagToken): void {
      if (DOCUMENT_START_TAGS.has(token.tagName)) record(this.documentTags, token, false);
      super.onStartTag(token);
    }

    override onEndTag(token: Token.TagToken): void {
      if (DOCUMENT_END_TAGS.has(token.tagName)) record(this.documentTags, token, true);
      super.onEndTag(token);
    }
  }
  const parserClass = DocumentRecordingParser as unknown as RecordingParserClass;
  recordingParserFor = { parse5, parserClass };
  return parserClass;
}

/**
 * Parses `html` as a whole document, the way a browser parses a page it opens (scripting on): the
 * stored page can be served and opened as one, whatever part of a page the region parser reads it as.
 */
export function parseDocument(parse5: Parse5, html: string): PageDocument {
  const ParserClass = recordingParser(parse5);
  const parser = new ParserClass({ scriptingEnabled: true, sourceCodeLocationInfo: true });
  parser.tokenizer.write(html, true);
  return { document: parser.document, documentTags: parser.documentTags };
}

/** The document-level tags whose token starts within [start, end): those a region's content wrote. */
export function documentTagsWithin(page: PageDocument, start: number, end: number): DocumentTag[] {
  return page.documentTags.filter((tag) => tag.start >= start && tag.start < end);
}
