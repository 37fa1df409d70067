import type { DefaultTreeAdapterMap, DefaultTreeAdapterTypes, ParserError, Token, TreeAdapter } from 'parse5';
import { loadParse5, type Parse5 } from '../lazy-parse5.js';
import { describeParseError } from './parse-problem.js';
import {
  REGION_ATTRIBUTE,
  REGION_LABEL_ATTRIBUTE,
  REGION_ROLE_ATTRIBUTE,
  describeHandleProblem,
} from './region-handle.js';
import type { HtmlParseProblem, HtmlRegion, HtmlRegionParser, RegionScan, RegionTreeScan } from './region-parser.types.js';
import { RegionScanError, type RegionRefusal } from './region-scan-error.js';
import { mentionsRegionAttributeIn, regionAttributeIndexIn, swallowedMentionRefusals } from './swallowed-mentions.js';
import { checkEndTag, elementsLeftOpen, type StructureError } from './structure-errors.js';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type Fragment = DefaultTreeAdapterTypes.DocumentFragment;

// Elements that never have content or an end tag, so they can never be a region.
const VOID_ELEMENTS = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

/** What the tokenizer saw: the start tags that carry the region attribute. */
interface TaggedStartTag {
  readonly offset: number;
  readonly repeated: boolean;
}

interface SourceRange {
  readonly start: number;
  readonly end: number;
}

/** The outcome of one parse, shared by every method so they judge the same run. */
interface SourceAnalysis {
  readonly regions: readonly HtmlRegion[];
  readonly refusals: readonly RegionRefusal[];
  readonly tree: Fragment;
  /** Phrased on demand: a region scan never reads them, and a large page can raise thousands. */
  problems(): HtmlParseProblem[];
}

/** A parse5 parser that also records every start-tag token carrying the region attribute. */
interface RecordingParser {
  readonly taggedStartTags: TaggedStartTag[];
  readonly mentioningStartTags: SourceRange[];
  readonly structureErrors: StructureError[];
  /** Filled from parse5's error stream: where a repeated region attribute name ends. */
  readonly repeatedAttributeEnds: number[];
  readonly tokenizer: { write(chunk: string, isLastChunk: boolean): void };
  getFragment(): DefaultTreeAdapterTypes.DocumentFragment;
}

interface RecordingParserClass {
  getFragmentParser(context: Element, options: object): RecordingParser;
}

let recordingParserFor: { parse5: Parse5; parserClass: RecordingParserClass; treeAdapter: TreeAdapter<DefaultTreeAdapterMap> } | undefined;

/**
 * parse5's default tree adapter, except that a text node's location grows in place as characters
 * join the node, instead of being copied for every run of characters (a large share of the cost of
 * parsing a real page with locations). So the text node gets its own copy of the first token's
 * location, built with one fixed shape; every other node is handled as by default.
 */
function inPlaceTextLocationAdapter(parse5: Parse5): TreeAdapter<DefaultTreeAdapterMap> {
  type Node = DefaultTreeAdapterTypes.Node;
  type Location = Token.Location;
  const fallback = parse5.defaultTreeAdapter;
  return {
    ...fallback,
    setNodeSourceCodeLocation(node: Node, location: Location | null): void {
      if (node.nodeName !== '#text' || !location) {
        fallback.setNodeSourceCodeLocation(node, location);
        return;
      }
      const { startLine, startCol, startOffset, endLine, endCol, endOffset } = location;
      node.sourceCodeLocation = { startLine, startCol, startOffset, endLine, endCol, endOffset };
    },
    updateNodeSourceCodeLocation(node: Node, endLocation: Partial<Location>): void {
      const location = node.sourceCodeLocation;
      const { endLine, endCol, endOffset } = endLocation;
      if (node.nodeName !== '#text' || !location || endLine === undefined || endCol === undefined || endOffset === undefined) {
        fallback.updateNodeSourceCodeLocation(node, endLocation);
        return;
      }
      location.endLine = endLine;
      location.endCol = endCol;
      location.endOffset = endOffset;
    },
  } as TreeAdapter<DefaultTreeAdapterMap>;
}

/**
 * Counting at the token level is the point: the tokenizer runs in the states the tree builder gives
 * it, so text inside comments, <script>, <style>, <textarea>, <noscript>, CDATA and attribute values
 * is never a start tag and never counted, while a tag that tree construction then ignores (a <td>
 * outside a table, a second <body>) still is. A raw text count would refuse harmless mentions; a
 * tree count alone would miss the dropped tags.
 */
function recordingParser(parse5: Parse5): { parserClass: RecordingParserClass; treeAdapter: TreeAdapter<DefaultTreeAdapterMap> } {
  if (recordingParserFor?.parse5 === parse5) return recordingParserFor;
  class RegionRecordingParser extends parse5.Parser<DefaultTreeAdapterMap> {
    readonly taggedStartTags: TaggedStartTag[] = [];
    readonly repeatedAttributeEnds: number[] = [];
    readonly mentioningStartTags: SourceRange[] = [];
    readonly structureErrors: StructureError[] = [];

    override onEndTag(token: Token.TagToken): void {
      // Slot 0 of the stack is the fragment's synthetic <html> root, which the source never opened.
      const found = checkEndTag(token, this.openElements.items as readonly Element[], this.openElements.stackTop);
      if (found) this.structureErrors.push(found);
      super.onEndTag(token);
    }

    override onEof(token: Token.EOFToken): void {
      this.structureErrors.push(...elementsLeftOpen(this.openElements.items.slice(1, this.openElements.stackTop + 1) as Element[]));
      super.onEof(token);
    }

    override onStartTag(token: Token.TagToken): void {
      if (token.location && token.attrs.some(mentionsRegionAttribute) && !token.attrs.some(holdsSwallowedMarkup)) {
        this.mentioningStartTags.push({ start: token.location.startOffset, end: token.location.endOffset });
      }
      if (token.attrs.some((attr) => attr.name === REGION_ATTRIBUTE) && token.location) {
        const { startOffset, endOffset } = token.location;
        const repeated = this.repeatedAttributeEnds.some((end) => end > startOffset && end <= endOffset);
        this.taggedStartTags.push({ offset: startOffset, repeated });
      }
      super.onStartTag(token);
    }
  }
  const parserClass = RegionRecordingParser as unknown as RecordingParserClass;
  recordingParserFor = { parse5, parserClass, treeAdapter: inPlaceTextLocationAdapter(parse5) };
  return recordingParserFor;
}

function analyzeSource(parse5: Parse5, html: string): SourceAnalysis {
  const errors: ParserError[] = [];
  const { parserClass, treeAdapter } = recordingParser(parse5);
  // A <div> context parses the way a region's host container does; a <template> context (parse5's
  // default) would accept table parts anywhere and hide the drops this scan must catch.
  const context = parse5.defaultTreeAdapter.createElement('div', parse5.html.NS.HTML, []);
  const parser: RecordingParser = parserClass.getFragmentParser(context, {
    scriptingEnabled: true,
    sourceCodeLocationInfo: true,
    treeAdapter,
    onParseError: (error: ParserError) => {
      errors.push(error);
      // parse5 reports a repeated attribute at the index just past its name and keeps the first one.
      // Errors arrive only while the tokenizer runs below, after `parser` is assigned.
      if (error.code === 'duplicate-attribute' && endsWithRegionAttributeName(html, error.startOffset)) {
        parser.repeatedAttributeEnds.push(error.startOffset);
      }
    },
  });
  parser.tokenizer.write(html, true);
  const fragment = parser.getFragment();

  const refusals: RegionRefusal[] = [];
  const regions: HtmlRegion[] = [];
  const taggedElements = taggedElementsIn(fragment);
  for (const element of taggedElements) {
    const located = locateRegion(element, html);
    if ('code' in located) refusals.push(located);
    else regions.push(located);
  }
  refusals.push(...repeatedAttributeRefusals(parser.taggedStartTags, html));
  refusals.push(...duplicateHandleRefusals(regions));
  refusals.push(...countMismatchRefusals(parser.taggedStartTags.length, taggedElements.length));
  refusals.push(...swallowedMentionRefusals(html, fragment, parser.mentioningStartTags, errors));
  const problems = () =>
    [...errors, ...parser.structureErrors].sort((a, b) => a.startOffset - b.startOffset).map((error) => describeParseError(error, html));
  return { regions, refusals, tree: fragment, problems };
}

function mentionsRegionAttribute(attr: Token.Attribute): boolean {
  return attr.name.includes(REGION_ATTRIBUTE) || mentionsRegionAttributeIn(attr.value);
}

function holdsSwallowedMarkup(attr: Token.Attribute): boolean {
  const at = regionAttributeIndexIn(attr.value);
  return at !== -1 && attr.value.lastIndexOf('<', at) !== -1;
}

function endsWithRegionAttributeName(html: string, end: number): boolean {
  const start = end - REGION_ATTRIBUTE.length;
  if (start < 1 || html.slice(start, end).toLowerCase() !== REGION_ATTRIBUTE) return false;
  return /[\t\n\f\r /"']/.test(html[start - 1] ?? '');
}

/**
 * Every element carrying the region attribute, in document order, including <template> content.
 * An explicit stack rather than recursion: a page can nest elements thousands deep.
 */
function taggedElementsIn(root: ParentNode): Element[] {
  const found: Element[] = [];
  const pending: ParentNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if ('tagName' in node && node.attrs.some((attr) => attr.name === REGION_ATTRIBUTE)) found.push(node);
    const children = node.childNodes;
    // Pushed so that they come off in document order, after the template content pushed last.
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index]!;
      if ('tagName' in child) pending.push(child);
    }
    if ('tagName' in node && node.tagName === 'template' && 'content' in node) pending.push(node.content);
  }
  return found;
}

function attributeOf(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

function locateRegion(element: Element, html: string): HtmlRegion | RegionRefusal {
  const handle = attributeOf(element, REGION_ATTRIBUTE) ?? '';
  const tagName = element.tagName.toLowerCase();
  const handleProblem = describeHandleProblem(handle);
  if (handleProblem !== undefined) {
    return {
      code: 'invalid-handle',
      handle,
      reason: `<${tagName} ${REGION_ATTRIBUTE}="${handle.slice(0, 80)}"> is not a usable region: ${handleProblem}.`,
    };
  }
  if (VOID_ELEMENTS.has(tagName)) {
    return {
      code: 'void-element',
      handle,
      reason: `Region "${handle}" is on a <${tagName}>, which has no content; put ${REGION_ATTRIBUTE} on an element with a start and an end tag.`,
    };
  }
  const location = element.sourceCodeLocation;
  const startTag = location?.startTag;
  if (!startTag || !sourceOpensTag(html, startTag.startOffset, `<${tagName}`)) {
    return {
      code: 'unlocated',
      handle,
      reason: `Region "${handle}" (<${tagName}>) was created by the HTML parser's error recovery, not written in the source; fix the markup around it (unclosed or misnested tags) so the element is written once, where it appears.`,
    };
  }
  const endTag = location.endTag;
  if (!endTag || !sourceOpensTag(html, endTag.startOffset, `</${tagName}`) || endTag.startOffset < startTag.endOffset) {
    return {
      code: 'no-closing-tag',
      handle,
      reason: `Region "${handle}" (<${tagName}>) has no end tag of its own: the parser closed it implicitly, so where its content ends is a guess. Add "</${tagName}>" where the region ends and close every element opened inside it.`,
    };
  }
  const role = attributeOf(element, REGION_ROLE_ATTRIBUTE);
  const label = attributeOf(element, REGION_LABEL_ATTRIBUTE);
  return {
    handle,
    ...(role === undefined ? {} : { role }),
    ...(label === undefined ? {} : { label }),
    tagName,
    outerStart: startTag.startOffset,
    innerStart: startTag.endOffset,
    innerEnd: endTag.startOffset,
    outerEnd: endTag.endOffset,
  };
}

function sourceOpensTag(html: string, offset: number, opening: string): boolean {
  return html.slice(offset, offset + opening.length).toLowerCase() === opening;
}

function repeatedAttributeRefusals(tags: readonly TaggedStartTag[], html: string): RegionRefusal[] {
  return tags
    .filter((tag) => tag.repeated)
    .map((tag) => ({
      code: 'duplicate-attribute' as const,
      reason: `The tag starting "${html.slice(tag.offset, tag.offset + 60)}" names ${REGION_ATTRIBUTE} more than once; HTML keeps only the first, so keep exactly one.`,
    }));
}

function duplicateHandleRefusals(regions: readonly HtmlRegion[]): RegionRefusal[] {
  const seen = new Map<string, number>();
  for (const region of regions) seen.set(region.handle, (seen.get(region.handle) ?? 0) + 1);
  return [...seen]
    .filter(([, count]) => count > 1)
    .map(([handle, count]) => ({
      code: 'duplicate-handle' as const,
      handle,
      reason: `The handle "${handle}" is used by ${count} regions; every region needs its own handle, so rename or remove the extra ones.`,
    }));
}

function countMismatchRefusals(tagCount: number, elementCount: number): RegionRefusal[] {
  if (tagCount > elementCount) {
    return [{
      code: 'dropped-by-parser',
      reason: `The source has ${tagCount} tags carrying ${REGION_ATTRIBUTE} but the parsed page has only ${elementCount}: the HTML parser ignored ${tagCount - elementCount} of them (for example <td> or <tr> outside a <table>, or a second <body>). Use elements that are allowed where they stand.`,
    }];
  }
  if (tagCount < elementCount) {
    return [{
      code: 'copied-by-parser',
      reason: `The source has ${tagCount} tags carrying ${REGION_ATTRIBUTE} but the parsed page has ${elementCount} such elements: the HTML parser copied a tagged formatting element (such as <b> or <a>) left open across other tags. Close every element inside the region that it opens.`,
    }];
  }
  return [];
}

/**
 * The region parser on parse5, loaded on first use so browser bundles keep it in a lazy chunk.
 * Stateless: one instance can serve every call.
 */
export function createParse5RegionParser(): HtmlRegionParser {
  return {
    async findRegions(html: string): Promise<RegionScan> {
      const { regions, refusals } = analyzeSource(await loadParse5(), html);
      if (refusals.length > 0) throw new RegionScanError(refusals);
      return { regions };
    },
    async findRegionsWithTree(html: string): Promise<RegionTreeScan> {
      const { regions, refusals, tree } = analyzeSource(await loadParse5(), html);
      if (refusals.length > 0) throw new RegionScanError(refusals);
      return { regions, tree };
    },
    async checkWellFormed(html: string) {
      const analysis = analyzeSource(await loadParse5(), html);
      const { refusals } = analysis;
      const problems = analysis.problems();
      if (refusals.length === 0 && problems.length === 0) return { ok: true } as const;
      const reasons = [...refusals.map((refusal) => refusal.reason), ...problems.map((problem) => problem.message)];
      return { ok: false, reason: `The HTML does not parse cleanly. ${reasons.join('; ')}`, problems } as const;
    },
  };
}
