/**
 * The semantic tier beside the lexical one: writes and forgets passed on to the host's provider, and
 * a search that merges its ranking with the lexical one. A provider that fails or is slow costs
 * only its share: the lexical recall stands alone, and the failure is told.
 */
import { raceAbort } from '../../util/race-abort.js';
import type { RecalledMemory } from '../memory.types.js';
import type { MemoryRecord } from '../store/memory-record.types.js';
import type { SemanticConfig } from './memory-provider.types.js';

export interface SemanticTier {
  added(records: readonly MemoryRecord[]): void;
  removed(ids: readonly string[]): void;
  /** `lexical` merged with the provider's hits among the memories held (`get`), best first. */
  merge(query: string, lexical: readonly RecalledMemory[], get: (id: string) => MemoryRecord | undefined, limit: number): Promise<RecalledMemory[]>;
}

export function createSemanticTier(config: SemanticConfig, onError: (error: unknown) => void): SemanticTier {
  const topK = config.topK ?? 8;
  const weight = config.weight ?? 0.5;
  const bounded = <T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const signal = AbortSignal.timeout(config.timeoutMs ?? 1500);
    return raceAbort(Promise.resolve().then(() => call(signal)), signal, () => new Error('the memory provider took too long'));
  };
  return {
    added(records) {
      const items = records.map((record) => ({ id: record.id, text: record.text, tier: record.tier }));
      bounded((signal) => config.provider.add(items, { signal })).catch(onError);
    },
    removed(ids) {
      if (ids.length > 0) bounded((signal) => config.provider.remove(ids, { signal })).catch(onError);
    },
    async merge(query, lexical, get, limit) {
      let hits: readonly { id: string; score: number }[] = [];
      try {
        hits = await bounded((signal) => config.provider.search(query, { topK, signal }));
        if (!Array.isArray(hits)) throw new TypeError('the memory provider’s search must answer an array of { id, score }');
      } catch (error) {
        onError(error);
        return [...lexical].slice(0, limit);
      }
      const valid = hits.filter((hit) => typeof hit?.id === 'string' && typeof hit.score === 'number' && Number.isFinite(hit.score) && hit.score > 0);
      const best = Math.max(0, ...valid.map((hit) => hit.score)) || 1;
      const merged = new Map<string, RecalledMemory>(lexical.map((recalled) => [recalled.record.id, { ...recalled, score: recalled.score * (1 - weight) }]));
      for (const hit of valid) {
        // Only memories this browser holds: the provider ranks, it never supplies text.
        const record = get(hit.id);
        if (!record) continue;
        const share = (hit.score / best) * weight;
        const held = merged.get(hit.id);
        merged.set(hit.id, { record, score: (held?.score ?? 0) + share });
      }
      return [...merged.values()].sort((a, b) => b.score - a.score).slice(0, limit);
    },
  };
}
