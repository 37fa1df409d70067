import type { DefaultTreeAdapterTypes } from 'parse5';

/**
 * One tagged region found in an HTML source. Offsets are indexes into the JavaScript string that
 * was parsed (UTF-16 code units), so `html.slice(innerStart, innerEnd)` is the region's content.
 */
export interface HtmlRegion {
  /** The value of `data-agent-element`, already checked against the handle grammar. */
  readonly handle: string;
  /** The value of `data-agent-role`, if present. Page text: show it as text, never as markup. */
  readonly role?: string;
  /** The value of `data-agent-label`, if present. Page text: show it as text, never as markup. */
  readonly label?: string;
  /** Lowercased tag name of the tagged element, e.g. `section`. */
  readonly tagName: string;
  /** Index of the `<` that opens the start tag. */
  readonly outerStart: number;
  /** Index just past the start tag's `>`: the first character of the inner content. */
  readonly innerStart: number;
  /** Index of the `<` that opens the end tag: one past the last character of the inner content. */
  readonly innerEnd: number;
  /** Index just past the end tag's `>`. */
  readonly outerEnd: number;
}

/** Every region of a source, in document order (a region inside another comes after it). */
export interface RegionScan {
  readonly regions: readonly HtmlRegion[];
}

/**
 * A region scan with the tree it was read from: the source parsed as the content of a `<div>`,
 * scripting on, with source locations. The tree may be shared between callers, so never modify it.
 */
export interface RegionTreeScan extends RegionScan {
  readonly tree: DefaultTreeAdapterTypes.DocumentFragment;
}

/** One parse error, located and phrased for a model. */
export interface HtmlParseProblem {
  /** parse5's error code, e.g. `end-tag-without-matching-open-element`. */
  readonly code: string;
  /** 1-based line of the error. */
  readonly line: number;
  /** 1-based column of the error. */
  readonly column: number;
  /** Index into the source string. */
  readonly offset: number;
  /** A sentence such as `line 3, column 14: unexpected end tag </div> — ...`. */
  readonly message: string;
}

export type WellFormedReport =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /** All problems, joined into one model-facing paragraph. */
      readonly reason: string;
      readonly problems: readonly HtmlParseProblem[];
    };

/** Finds tagged regions in an HTML source and judges whether a source parses cleanly. */
export interface HtmlRegionParser {
  /** Resolves with every tagged region, or rejects with a `RegionScanError` saying what to fix. */
  findRegions(html: string): Promise<RegionScan>;
  /**
   * `findRegions` that also hands back its parse, so a caller comparing pages need not parse them
   * again. Optional: without it, callers parse the source themselves.
   */
  findRegionsWithTree?(html: string): Promise<RegionTreeScan>;
  /** Reports the parser's errors for a source; `ok` when the HTML parser raised none. */
  checkWellFormed(html: string): Promise<WellFormedReport>;
}
