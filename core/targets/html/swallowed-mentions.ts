import type { DefaultTreeAdapterTypes, ParserError } from 'parse5';
import { REGION_ATTRIBUTE } from './region-handle.js';
import type { RegionRefusal } from './region-scan-error.js';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;

interface SourceRange {
  readonly start: number;
  readonly end: number;
}

// Elements whose content the tokenizer reads as text (scripting on, so <noscript> too). Left
// unclosed, each one turns the rest of the source into text, tags included.
const TEXT_ONLY_ELEMENTS = new Set([
  'script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext',
]);

/**
 * A tag can stop being a tag when something before it swallows it: an unclosed comment, <script>,
 * <textarea> or CDATA section, a `</ ` bogus comment, a tag or attribute value left open at the end.
 * The token count cannot see those, because no start tag was ever emitted. So every literal
 * mention of the attribute name in the source must sit somewhere deliberate: in a start tag (as an
 * attribute, checked elsewhere, or inside another attribute's value), in a well-formed
 * `<!-- -->` comment, or in text outside any unclosed text-only element. An attribute value only
 * counts when no "<" precedes the mention in it: `alt="><div data-agent-element=` is what an
 * unclosed quote makes of a tag. Any other mention is refused.
 */
export function swallowedMentionRefusals(
  html: string,
  fragment: ParentNode,
  mentioningStartTags: readonly SourceRange[],
  errors: readonly ParserError[],
): RegionRefusal[] {
  const mentions = mentionOffsets(html);
  if (mentions.length === 0) return [];
  const within = (ranges: readonly SourceRange[]) => (offset: number) => ranges.some((range) => offset >= range.start && offset < range.end);
  // Usually every mention sits in a region's own start tag, and the tree need not be walked at all.
  const outsideTags = mentions.filter((offset) => !within(mentioningStartTags)(offset));
  if (outsideTags.length === 0) return [];
  const cdataLeftOpen = errors.some((error) => error.code === 'eof-in-cdata');
  const deliberate: SourceRange[] = [];
  collectDeliberateRanges(fragment, html, cdataLeftOpen, deliberate);
  const stray = outsideTags.filter((offset) => !within(deliberate)(offset));
  if (stray.length === 0) return [];
  const first = stray[0] ?? 0;
  const before = html.slice(Math.max(0, first - 40), first).replace(/\s+/g, ' ');
  return [{
    code: 'swallowed-by-text',
    reason: `${REGION_ATTRIBUTE} appears ${stray.length} time(s) where the HTML parser reads text, not tags (first after "…${before}"): something earlier is left open (a comment, <script>, <textarea>, <title>, <style>, <plaintext>, CDATA, a tag or a quoted attribute value) or a stray "</ " or "<!" starts a bogus comment, so the tagged element never becomes an element. Close it.`,
  }];
}

// The attribute name in any ASCII case. A regular expression rather than toLowerCase(): lowercasing
// can change a string's length (U+0130 becomes two code units), which would shift every offset after it.
const MENTION = new RegExp(REGION_ATTRIBUTE, 'i');
const MENTIONS = new RegExp(REGION_ATTRIBUTE, 'gi');

/** Whether text names the region attribute, in any ASCII case. */
export function mentionsRegionAttributeIn(text: string): boolean {
  return text.length >= REGION_ATTRIBUTE.length && MENTION.test(text);
}

/** Index of the first mention of the region attribute in text, in any ASCII case, or -1. */
export function regionAttributeIndexIn(text: string): number {
  return text.search(MENTION);
}

function mentionOffsets(html: string): number[] {
  // Mentions cannot overlap: the name does not start with a suffix of itself.
  return Array.from(html.matchAll(MENTIONS), (match) => match.index);
}

/**
 * `swallowing` is true under a text-only element that was never closed: its text ran to the end of
 * the source. (The parser may reopen formatting elements inside it, so the flag is inherited.) An
 * explicit stack rather than recursion: a page can nest elements thousands deep.
 */
function collectDeliberateRanges(root: ParentNode, html: string, cdataLeftOpen: boolean, into: SourceRange[]): void {
  const pending: Array<readonly [ParentNode, boolean]> = [[root, false]];
  while (pending.length > 0) {
    const [parent, swallowing] = pending.pop()!;
    for (const child of parent.childNodes) {
      const location = child.sourceCodeLocation;
      if (!location) continue;
      if (child.nodeName === '#comment') {
        const source = html.slice(location.startOffset, location.endOffset);
        if (source.startsWith('<!--') && source.endsWith('-->') && source.length >= 7) {
          into.push({ start: location.startOffset, end: location.endOffset });
        }
      } else if (child.nodeName === '#text') {
        const cdataRanToEnd = cdataLeftOpen && location.endOffset === html.length;
        if (!swallowing && !cdataRanToEnd) into.push({ start: location.startOffset, end: location.endOffset });
      } else if ('tagName' in child) {
        const swallowsRest = TEXT_ONLY_ELEMENTS.has(child.tagName) && child.sourceCodeLocation?.endTag === undefined;
        const nested = swallowing || swallowsRest;
        if (child.tagName === 'template' && 'content' in child) pending.push([child.content, nested]);
        pending.push([child, nested]);
      }
    }
  }
}
