import { loadHtmlSanitizer, sanitizeRegionHtml } from './sanitize/lazy-html-sanitizer.js';

/** The attribute whose value is a region's handle. */
export const REGION_ATTRIBUTE = 'data-agent-element';

/** One region's new content, as the region editor's model reports it. */
export interface RegionContent {
  readonly id: string;
  readonly content: string;
}

/**
 * The page side of a region editor: the content it edits, and the one way a region's new HTML
 * (model-authored or typed) reaches the live page: sanitized, replacing only that region's children.
 */
export interface RegionPage {
  /** The edited content's HTML as the page shows it now ('' when there is no such content). */
  readHtml(): string;
  /** Replaces each region's children with its content, sanitized; answers the ids it replaced. */
  writeRegions(regions: readonly RegionContent[]): Promise<string[]>;
  /** A region's content as this page would keep it once sanitized: the string to check, show and store. */
  sanitize(content: string): Promise<string>;
}

/** The element holding the regions: `target` (an element, or a selector looked up in the host's document), else the host itself. */
export function regionContainer(host: Element, target: string | Element | undefined): Element | undefined {
  if (target instanceof Element) return target;
  if (typeof target === 'string' && target.trim() !== '') return host.ownerDocument.querySelector(target) ?? undefined;
  return host;
}

/** Compares attribute values instead of building a selector, so no handle is ever parsed as CSS. */
export function findRegion(container: Element, id: string): Element | undefined {
  if (container.getAttribute(REGION_ATTRIBUTE) === id) return container;
  for (const element of container.querySelectorAll(`[${REGION_ATTRIBUTE}]`)) {
    if (element.getAttribute(REGION_ATTRIBUTE) === id) return element;
  }
  return undefined;
}

/** The region an event's target sits in, if it is inside `container`. */
export function regionAt(container: Element, target: EventTarget | null): Element | undefined {
  const start = target instanceof Element ? target : undefined;
  const region = start?.closest(`[${REGION_ATTRIBUTE}]`);
  return region && container.contains(region) ? region : undefined;
}

/** The region page over whatever `container()` answers at each call (its target may change). */
export function createRegionPage(container: () => Element | undefined): RegionPage {
  return {
    readHtml: () => container()?.innerHTML ?? '',
    sanitize: sanitizeRegionHtml,
    async writeRegions(regions) {
      if (regions.length === 0) return [];
      let sanitizer;
      try {
        sanitizer = await loadHtmlSanitizer('region');
      } catch (error) {
        // The page keeps what it shows; the document itself was written.
        console.error(error);
        return [];
      }
      const root = container();
      if (!root) return [];
      const replaced: string[] = [];
      for (const { id, content } of regions) {
        const element = findRegion(root, id);
        if (!element) continue;
        element.replaceChildren(sanitizer.toFragment(content, element.ownerDocument));
        replaced.push(id);
      }
      return replaced;
    },
  };
}
