import type { Region } from './regions.js';

/** The main content holds at least this share of the page's prose. */
const PRIMARY_SHARE = 0.6;
/** Below this much prose a page is a form, a menu or an app screen: there is no article to find. */
const MIN_PRIMARY_PROSE = 500;

/**
 * The page's main content: the innermost block holding most of its prose (text outside links, on
 * lines long enough to be sentences). Scored from the counts the walk already keeps, so finding
 * it costs one pass over the blocks. Undefined on pages with too little prose to tell.
 */
function primaryContent(regions: readonly Region[], totalProse: number): Region | undefined {
  if (totalProse < MIN_PRIMARY_PROSE) return undefined;
  const wanted = PRIMARY_SHARE * totalProse;
  let best: Region | undefined;
  let level: readonly Region[] = regions;
  // At most one block per level can hold more than half of the prose, so the descent is unique.
  for (;;) {
    const holder = level.find((region) => region.prose >= wanted);
    if (!holder) return best;
    best = holder;
    level = holder.children;
  }
}

/** A block beside the main content with this share of its prose belongs to it (an article split by an ad). */
const SIBLING_SHARE = 0.25;
const SIBLING_LINK_SHARE = 0.5;

/**
 * The main content and the blocks beside it that continue it: siblings with a good share of its
 * prose and few links, as Readability joins an article's parts back together.
 */
export function mainContent(regions: readonly Region[], totalProse: number): Region[] {
  const primary = primaryContent(regions, totalProse);
  if (!primary) return [];
  const siblings = primary.parent?.children ?? regions;
  return siblings.filter(
    (region) => region === primary || (region.prose >= SIBLING_SHARE * primary.prose && region.linkText < SIBLING_LINK_SHARE * region.text),
  );
}

/**
 * The `article` or `main` block around the main content, if the page marks one: what lies in it
 * belongs to the article even where it is not prose (a figure, a continuation after an ad).
 */
export function articleAround(main: readonly Region[]): Region | undefined {
  for (let region: Region | undefined = main[0]; region; region = region.parent) {
    const element = region.element;
    if (element.localName === 'article' || element.localName === 'main' || element.getAttribute('role') === 'main') return region;
  }
  return undefined;
}

/** Whether region `outer` holds region `inner` (or is it): their line ranges nest. */
export function holds(outer: Region, inner: Region): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}
