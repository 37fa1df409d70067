/**
 * `createMemory`: the visitor's memory over a store. Writes go through the write policy (tier on,
 * no page text in the profile, personal data refused or cut out, a higher authority's field kept);
 * `recall` ranks every tier with one lexical index; `forget` takes a memory, the versions it
 * replaced and every summary made from it; each write and forget is told through `onEvent`.
 */
import { describeValue } from '../util/describe-value.js';
import { checkMemoryConfig } from './check-memory-config.js';
import type { DrawerHit } from './drawer/drawer.types.js';
import { formatMemoryContext, memoryContextBody } from './memory-context.js';
import { createMemoryIndex } from './memory-index.js';
import type { MemoryConfig, MemoryRefusal, RecalledMemory, RememberInput, RememberOutcome } from './memory.types.js';
import type { Fence } from '../marks/untrusted-fence.js';
import { MEMORY_RECORD_VERSION, type MemoryRecord } from './store/memory-record.types.js';
import type { MemoryStore } from './store/memory-store.types.js';
import type { MemoryConsent } from './memory-consent.js';
import { createSemanticTier } from './semantic/semantic-recall.js';
import { screenMemory } from './write-policy.js';

export type MemoryEvent =
  | { type: 'memory_write'; record: MemoryRecord; redacted: number }
  | { type: 'memory_refused'; input: RememberInput; reason: string; message: string }
  | { type: 'memory_forget'; ids: readonly string[] }
  /** The host's memory provider failed or was slow; the lexical recall stood alone. */
  | { type: 'memory_provider_error'; error: unknown };

export interface MemoryOptions {
  store: MemoryStore;
  config: MemoryConfig;
  now?: () => number;
  newId?: () => string;
  onEvent?: (event: MemoryEvent) => void;
  /** Asked before the first write when `privacy.requireConsent`; without one, such a config refuses every write. */
  consent?: MemoryConsent;
}

/** One room of a drawer wing: `memory.drawer.wing('orders').room('2026')`. */
export interface DrawerRoom {
  /** Files the words verbatim here (personal data cut out), said by `source.by` (default the host). */
  add(text: string, options?: { source?: RememberInput['source']; fields?: Readonly<Record<string, string>>; at?: number }): Promise<RememberOutcome>;
  /** The entries of this room a query calls up, best first. */
  search(query: string, options?: { limit?: number }): RecalledMemory[];
}

export interface Memory {
  /** The drawer: verbatim entries filed by wing and room. */
  readonly drawer: { wing(name: string): { room(name: string): DrawerRoom; search(query: string, options?: { limit?: number }): RecalledMemory[] } };
  remember(input: RememberInput): Promise<RememberOutcome>;
  /** The memories a request calls up by its words, best first, across the tiers (the profile is always in `buildContext`). */
  recall(query: string, options?: { limit?: number }): RecalledMemory[];
  /** `recall` merged with the host's similarity search when `semantic` is on. */
  search(query: string, options?: { limit?: number }): Promise<RecalledMemory[]>;
  /** The profile's fields in force. */
  profile(): MemoryRecord[];
  /** The prompt block for a request: the profile and what the request calls up, fenced. */
  buildContext(query: string, options?: { fence?: Fence }): Promise<string>;
  /** The same block unfenced, for the agent's `memory` context slot (its prompt fences it as `memory`). */
  contextText(query: string): Promise<string>;
  /** Forgets a memory with the versions it replaced and the summaries made from it; the ids gone. */
  forget(id: string): Promise<string[]>;
  forgetAll(): Promise<void>;
  list(): MemoryRecord[];
  dispose(): void;
}

const DAY_MS = 86_400_000;
const UTF8 = new TextEncoder();

export function createMemory(options: MemoryOptions): Memory {
  const config = checkMemoryConfig(options.config);
  const { store } = options;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => globalThis.crypto.randomUUID());
  const tell = (event: MemoryEvent) => options.onEvent?.(event);
  const refuse = (input: RememberInput, reason: MemoryRefusal['reason'], message: string): MemoryRefusal => {
    tell({ type: 'memory_refused', input, reason, message });
    return { ok: false, reason, message };
  };
  const index = createMemoryIndex(store, now);
  const semantic = config.semantic ? createSemanticTier(config.semantic, (error) => tell({ type: 'memory_provider_error', error })) : undefined;
  const profile = () => index.current().filter((record) => record.tier === 'core').sort((a, b) => (a.key ?? '').localeCompare(b.key ?? ''));

  const retentionDays = (tier: MemoryRecord['tier']) => (tier === 'episodic' ? (config.episodic?.retentionDays ?? 30) : tier === 'drawer' ? config.drawer?.retentionDays : undefined);
  const build = (input: RememberInput, text: string, supersedes: string | undefined): MemoryRecord => {
    const at = input.at ?? now();
    const days = retentionDays(input.tier);
    return {
      id: newId(),
      tier: input.tier,
      text,
      source: { ...input.source },
      createdAt: at,
      v: MEMORY_RECORD_VERSION,
      ...(input.key !== undefined ? { key: input.key } : {}),
      ...(input.wing !== undefined ? { wing: input.wing } : {}),
      ...(input.room !== undefined ? { room: input.room } : {}),
      ...(input.fields ? { fields: { ...input.fields } } : {}),
      ...(input.derivedFrom ? { derivedFrom: [...input.derivedFrom] } : {}),
      ...(supersedes ? { supersedes } : {}),
      ...(days !== undefined ? { expiresAt: at + days * DAY_MS } : {}),
    };
  };

  const memory: Memory = {
    async remember(input) {
      checkRememberInput(input);
      const screened = screenMemory(input, config, index.current());
      if (!screened.ok) return refuse(input, screened.reason, screened.message);
      if (config.privacy?.requireConsent && !(await options.consent?.request())) return refuse(input, 'no-consent', 'the visitor has not agreed to be remembered; nothing was written');
      const record = build(input, screened.text, screened.supersedes);
      const cap = config.core?.maxBytes ?? 2048;
      if (record.tier === 'core' && profileBytes([...profile().filter((held) => held.id !== screened.supersedes), record]) > cap) {
        return refuse(input, 'too-large', `the profile is kept under ${cap} bytes; forget a field before adding more`);
      }
      await store.write([record]);
      semantic?.added([record]);
      tell({ type: 'memory_write', record, redacted: screened.redacted });
      if (record.tier === 'episodic') await trimEpisodes();
      return { ok: true, record, redacted: screened.redacted };
    },
    recall: (query, { limit = 8 } = {}) => recalledFrom(index.drawer.search(query, { topK: limit })),
    search: (query, { limit = 8 } = {}) => (semantic ? semantic.merge(query, memory.recall(query, { limit: limit * 2 }), (id) => store.get(id), limit) : Promise.resolve(memory.recall(query, { limit }))),
    profile,
    buildContext: async (query, contextOptions = {}) => formatMemoryContext(profile(), await replayed(query), contextOptions.fence),
    contextText: async (query) => memoryContextBody(profile(), await replayed(query)),
    async forget(id) {
      const ids = withDependants(store.list(), id);
      if (ids.length === 0) return [];
      await store.forget(ids);
      semantic?.removed(ids);
      tell({ type: 'memory_forget', ids });
      return ids;
    },
    async forgetAll() {
      const ids = store.list().map((record) => record.id);
      await store.forgetAll();
      semantic?.removed(ids);
      tell({ type: 'memory_forget', ids });
    },
    list: () => store.list(),
    dispose: () => index.dispose(),
    drawer: {
      wing: (wing) => ({
        room: (room) => ({
          add: (text, entry = {}) =>
            memory.remember({ tier: 'drawer', wing, room, text, source: entry.source ?? { by: 'host' }, ...(entry.fields ? { fields: entry.fields } : {}), ...(entry.at !== undefined ? { at: entry.at } : {}) }),
          search: (query, { limit = 10 } = {}) => searchDrawer(query, limit, wing, room),
        }),
        search: (query, { limit = 10 } = {}) => searchDrawer(query, limit, wing),
      }),
    },
  };
  const searchDrawer = (query: string, limit: number, wing: string, room?: string): RecalledMemory[] =>
    recalledFrom(index.drawer.search(query, { topK: limit, wing: `drawer:${wing}`, ...(room !== undefined ? { room } : {}) }));
  /** The index's hits as the memories held, scored against the best (1). */
  const recalledFrom = (hits: readonly DrawerHit[]): RecalledMemory[] => {
    const best = hits[0]?.score ?? 1;
    return hits.flatMap((hit) => {
      const record = store.get(hit.id);
      return record ? [{ record, score: hit.score / best }] : [];
    });
  };

  /** The earlier visits and notes a request calls up, as many of each as the config replays. */
  const replayed = async (query: string): Promise<RecalledMemory[]> => {
    const replay = config.episodic?.replay ?? 3;
    const top = config.drawer?.recallTop ?? 5;
    const recalled = await memory.search(query, { limit: replay + top });
    return [...recalled.filter(({ record }) => record.tier === 'episodic').slice(0, replay), ...recalled.filter(({ record }) => record.tier === 'drawer').slice(0, top)];
  };

  // The ring of run summaries keeps the newest `max`.
  const trimEpisodes = async () => {
    const episodes = store.list().filter((record) => record.tier === 'episodic').sort((a, b) => b.createdAt - a.createdAt);
    const over = episodes.slice(config.episodic?.max ?? 50).map((record) => record.id);
    if (over.length > 0) {
      await store.forget(over);
      semantic?.removed(over);
      tell({ type: 'memory_forget', ids: over });
    }
  };
  return memory;
}

/** `id`, the versions it replaced (back along `supersedes`), and every memory made from any of them. */
function withDependants(records: readonly MemoryRecord[], id: string): string[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  if (!byId.has(id)) return [];
  const gone = new Set<string>();
  for (let at: string | undefined = id; at !== undefined && byId.has(at) && !gone.has(at); at = byId.get(at)!.supersedes) gone.add(at);
  for (let grew = true; grew; ) {
    grew = false;
    for (const record of records) {
      if (gone.has(record.id) || !record.derivedFrom?.some((source) => gone.has(source))) continue;
      gone.add(record.id);
      grew = true;
    }
  }
  return [...gone];
}

function profileBytes(records: readonly MemoryRecord[]): number {
  return records.reduce((sum, record) => sum + UTF8.encode(`${record.key}: ${record.text}\n`).length, 0);
}

function checkRememberInput(input: RememberInput): void {
  if (typeof input !== 'object' || input === null || typeof input.text !== 'string' || typeof input.source?.by !== 'string') {
    throw new TypeError(`memory.remember(input): input must be { tier, text, source: { by } }, got ${describeValue(input)}`);
  }
}
