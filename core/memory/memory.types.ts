import type { HostPattern } from './privacy/personal-data.js';
import type { SemanticConfig } from './semantic/memory-provider.types.js';
import type { MemoryAuthority, MemoryRecord, MemorySource, MemoryTier } from './store/memory-record.types.js';

/** One field of the visitor's profile (the core tier). */
export interface CoreFieldSchema {
  type: 'text' | 'number' | 'boolean';
  /** What it is, for the model deciding what to remember. */
  description?: string;
}

/** The memory tiers a host turns on, each opt-in. */
export interface MemoryConfig {
  /** A small structured profile, always in the prompt as one block. */
  core?: { schema: Readonly<Record<string, CoreFieldSchema>>; /** The block's size cap in UTF-8 bytes. Default 2048. */ maxBytes?: number };
  /** Summaries of earlier runs. */
  episodic?: { /** Default 30. */ retentionDays?: number; /** The ring's size. Default 50. */ max?: number; /** How many relevant ones a new run is given. Default 3. */ replay?: number };
  /** Verbatim entries in wings and rooms. */
  drawer?: { /** Default: kept until forgotten. */ retentionDays?: number; /** How many a recall gives. Default 5. */ recallTop?: number };
  /** Similarity search on the host's server (a `MemoryProvider`) beside the lexical recall; the kit embeds nothing. */
  semantic?: SemanticConfig;
  privacy?: {
    /** Ask the visitor before the first write (a subtitle question); a decline is kept and nothing is written. Default false. */
    requireConsent?: boolean;
    /** The host's own patterns of what must never be kept, beside the kit's. */
    excludePatterns?: readonly HostPattern[];
  };
}

/** What a caller asks to remember; the model fills in the id, times and format. */
export interface RememberInput {
  tier: MemoryTier;
  text: string;
  source: MemorySource;
  /** A core memory's profile field. */
  key?: string;
  wing?: string;
  room?: string;
  fields?: Readonly<Record<string, string>>;
  derivedFrom?: readonly string[];
  /** When it was said; default now. */
  at?: number;
}

/** Why a memory was not written, in words for the host and the model. */
export interface MemoryRefusal {
  ok: false;
  reason: 'personal-data' | 'page-in-core' | 'outranked' | 'no-consent' | 'tier-off' | 'invalid' | 'too-large';
  message: string;
}

export type RememberOutcome = { ok: true; record: MemoryRecord; /** Spans of personal data taken out of the text before it was kept. */ redacted: number } | MemoryRefusal;

/** One memory recalled, with the tier's score made comparable across tiers (0 to 1). */
export interface RecalledMemory {
  record: MemoryRecord;
  score: number;
}

export const AUTHORITY_RANK: Readonly<Record<MemoryAuthority, number>> = { visitor: 3, host: 2, model: 1, page: 0 };
