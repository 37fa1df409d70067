import { DddkError } from '../../util/dddk-error.js';

/** Why a tagged element could not be published as a region. */
export type RegionRefusalCode =
  | 'invalid-handle'
  | 'duplicate-attribute'
  | 'duplicate-handle'
  | 'void-element'
  | 'no-closing-tag'
  | 'unlocated'
  | 'dropped-by-parser'
  | 'copied-by-parser'
  | 'swallowed-by-text';

export interface RegionRefusal {
  readonly code: RegionRefusalCode;
  /** The handle concerned, when the tree holds one. */
  readonly handle?: string;
  /** A sentence naming the defect and the edit that fixes it. */
  readonly reason: string;
}

/**
 * Thrown when the regions of a source cannot all be located exactly. A write splices a region's
 * offsets, so a partial or guessed list would corrupt the page; the whole scan is refused instead.
 */
export class RegionScanError extends DddkError<'region-scan'> {
  override readonly name = 'RegionScanError';
  readonly code = 'region-scan';
  readonly refusals: readonly RegionRefusal[];

  constructor(refusals: readonly RegionRefusal[]) {
    super(`dddk: the HTML regions could not be located safely: ${refusals.map((r) => r.reason).join(' ')}`);
    this.refusals = refusals;
  }
}
