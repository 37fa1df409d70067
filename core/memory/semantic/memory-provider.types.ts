import type { MemoryTier } from '../store/memory-record.types.js';

/**
 * The host's similarity search over the visitor's memories (a vector store on its own server): the
 * kit embeds nothing. It is handed each memory as it is written (personal data already cut out) and
 * told of each forget; a search answers with ids only, so it can rank memories the browser holds
 * but never add one.
 */
export interface MemoryProvider {
  add(items: readonly { id: string; text: string; tier: MemoryTier }[], options: { signal: AbortSignal }): Promise<void>;
  remove(ids: readonly string[], options: { signal: AbortSignal }): Promise<void>;
  search(query: string, options: { topK: number; signal: AbortSignal }): Promise<readonly { id: string; score: number }[]>;
}

export interface SemanticConfig {
  provider: MemoryProvider;
  /** Hits asked of the provider. Default 8. */
  topK?: number;
  /** Its share beside the lexical score, 0 to 1. Default 0.5. */
  weight?: number;
  /** How long a call may take before it is given up (the lexical recall stands alone). Default 1500 ms. */
  timeoutMs?: number;
}
