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
  const cdataLeftOpen = errors.some((error) => error.code === 'eof-in-cdata');
  const deliberate: SourceRange[] = [...mentioningStartTags];
  collectDeliberateRanges(fragment, html, cdataLeftOpen, false, deliberate);
  const stray = mentions.filter((offset) => !deliberate.some((range) => offset >= range.start && offset < range.end));
  if (stray.length === 0) return [];
  const first = stray[0] ?? 0;
  const before = html.slice(Math.max(0, first - 40), first).replace(/\s+/g, ' ');
  return [{
    code: 'swallowed-by-text',
    reason: `${REGION_ATTRIBUTE} appears ${stray.length} time(s) where the HTML parser reads text, not tags (first after "…${before}"): something earlier is left open (a comment, <script>, <textarea>, <title>, <style>, <plaintext>, CDATA, a tag or a quoted attribute value) or a stray "</ " or "<!" starts a bogus comment, so the tagged element never becomes an element. Close it.`,
  }];
}

function mentionOffsets(html: string): number[] {
  const offsets: number[] = [];
  const lower = html.toLowerCase();
  for (let at = lower.indexOf(REGION_ATTRIBUTE); at !== -1; at = lower.indexOf(REGION_ATTRIBUTE, at + 1)) offsets.push(at);
  return offsets;
}

/**
 * `swallowing` is true under a text-only element that was never closed: its text ran to the end of
 * the source. (The parser may reopen formatting elements inside it, so the flag is inherited.)
 */
function collectDeliberateRanges(
  parent: ParentNode,
  html: string,
  cdataLeftOpen: boolean,
  swallowing: boolean,
  into: SourceRange[],
): void {
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
      if (child.tagName === 'template' && 'content' in child) collectDeliberateRanges(child.content, html, cdataLeftOpen, nested, into);
      collectDeliberateRanges(child, html, cdataLeftOpen, nested, into);
    }
  }
}
