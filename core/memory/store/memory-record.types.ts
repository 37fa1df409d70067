/** The tiers a memory lives in: the profile, run summaries, verbatim entries. */
export type MemoryTier = 'core' | 'episodic' | 'drawer';

/**
 * Who asserted a memory, from the most to the least trusted: the visitor's own words, the host's
 * code, a model's inference, a web page's text. A page's text never enters the core tier.
 */
export type MemoryAuthority = 'visitor' | 'host' | 'model' | 'page';

export const MEMORY_AUTHORITIES: readonly MemoryAuthority[] = ['visitor', 'host', 'model', 'page'];

export interface MemorySource {
  by: MemoryAuthority;
  /** The agent run and turn it came from. */
  runId?: string;
  turn?: number;
  /** The page it was read from, for `page`. */
  url?: string;
}

/** One stored memory, with where it came from. The shape IndexedDB keeps (version `v`). */
export interface MemoryRecord {
  id: string;
  tier: MemoryTier;
  text: string;
  /** Other text by name (who said it, a caption). */
  fields?: Readonly<Record<string, string>>;
  /** A core memory's profile field, e.g. `name`, `plan`. */
  key?: string;
  /** Where a drawer entry is filed. */
  wing?: string;
  room?: string;
  source: MemorySource;
  /** The memory this one replaces (kept until forgotten, so its history can be shown). */
  supersedes?: string;
  /** The memories a summary was made from: forgetting one of them forgets the summary too. */
  derivedFrom?: readonly string[];
  /** When it was said or written, ms since the epoch. */
  createdAt: number;
  /** When retention ends it, ms since the epoch. */
  expiresAt?: number;
  /** The record's format; older ones are migrated as they are read. */
  v: number;
}

export const MEMORY_RECORD_VERSION = 1;
