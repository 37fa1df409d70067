/**
 * The blocks of a reading: each element that wrote at least two lines, as the range of lines it
 * wrote and what those lines hold (text, link text, links, fields). They nest as the elements do,
 * and they are what folding chooses from: a whole navigation menu, the rest of an article.
 */

/** `section`: a landmark or sectioning tag with an opener line; `pre`: preformatted text; `block`: any other. */
export type RegionKind = 'section' | 'pre' | 'block';

export interface Region {
  element: Element;
  kind: RegionKind;
  /** Lines `[start, end)` of the reading. */
  start: number;
  end: number;
  /** Depth of the block's first line. */
  depth: number;
  /** Characters of page text in it, and how many of them are link names. */
  text: number;
  linkText: number;
  /** Text outside links on lines that read as prose. */
  prose: number;
  links: number;
  /** Every element with an id, links included. */
  controls: number;
  /** Fields a user types in or chooses from. */
  fields: number;
  children: Region[];
  parent: Region | undefined;
}

/** The counters a region reads at its start and at its end. */
export interface RegionCounters {
  readonly lineCount: number;
  readonly depth: number;
  readonly textChars: number;
  readonly linkTextChars: number;
  readonly proseChars: number;
  readonly links: number;
  readonly controls: number;
  readonly fields: number;
}

/** A region under way: the depth of its entry in the recorder's stack. */
export type OpenRegion = number;

/** Regions smaller than this many lines are not worth a fold line of their own. */
const MIN_LINES = 2;

/**
 * Every block element opens a region, and most end up too small to keep, so a region under way is
 * a few numbers on parallel stacks; only one worth keeping becomes an object.
 */
export class RegionRecorder {
  private readonly elements: Element[] = [];
  private readonly kinds: RegionKind[] = [];
  private readonly counts: number[] = [];
  /** Kept regions inside each open one (undefined until it has one). */
  private readonly inner: Array<Region[] | undefined> = [];
  private readonly top: Region[] = [];

  constructor(private readonly counters: RegionCounters) {}

  /** Starts a region at the next line; the caller ends the current line first. */
  begin(element: Element, kind: RegionKind): OpenRegion {
    const c = this.counters;
    this.elements.push(element);
    this.kinds.push(kind);
    this.counts.push(c.lineCount, c.depth, c.textChars, c.linkTextChars, c.proseChars, c.links, c.controls, c.fields);
    this.inner.push(undefined);
    return this.elements.length;
  }

  /** Ends a region after its last line was written; one too small is dropped and its children move up. */
  end(handle: OpenRegion): void {
    if (handle !== this.elements.length) throw new Error('dddk: regions must end in the order they began');
    const element = this.elements.pop()!;
    const kind = this.kinds.pop()!;
    const children = this.inner.pop();
    const counts = this.counts;
    const at = counts.length - 8;
    const start = counts[at]!;
    const c = this.counters;
    const depthNow = this.inner.length;
    const siblings = depthNow > 0 ? (this.inner[depthNow - 1] ??= []) : this.top;
    if (c.lineCount - start < MIN_LINES) {
      counts.length = at;
      if (children) siblings.push(...children);
      return;
    }
    siblings.push({
      element,
      kind,
      start,
      end: c.lineCount,
      depth: counts[at + 1]!,
      text: c.textChars - counts[at + 2]!,
      linkText: c.linkTextChars - counts[at + 3]!,
      prose: c.proseChars - counts[at + 4]!,
      links: c.links - counts[at + 5]!,
      controls: c.controls - counts[at + 6]!,
      fields: c.fields - counts[at + 7]!,
      children: children ?? [],
      parent: undefined,
    });
    counts.length = at;
  }

  /** The recorded regions, outermost first, with their parents set. */
  finish(): Region[] {
    const link = (regions: Region[], parent: Region | undefined) => {
      for (const region of regions) {
        region.parent = parent;
        link(region.children, region);
      }
    };
    link(this.top, undefined);
    return this.top;
  }
}
