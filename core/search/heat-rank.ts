/**
 * Frecency per item id: every use adds one unit of heat, and heat halves every `halfLifeMs`. Only
 * the decayed total and the time it was computed are kept per id, so storage stays small and
 * reading a score is O(1).
 */

import type { KeyValueStorage } from '../storage/key-value-storage.js';
import { withMemoryFallback, type FallbackStorage } from '../storage/memory-fallback.js';
import { memoryStorage } from '../storage/memory-storage.js';
import type { StorageFailure } from '../storage/storage-failure.js';

/** Where heat persists: the kit's key-value storage port (the shape of `localStorage`'s methods). */
export type HeatStorage = KeyValueStorage;

/** A memory-only storage, under the name HeatRank has always offered. */

export interface HeatRankOptions {
  /** Where heat persists. Default: memory only. A store that throws, or holds heat it cannot read, is replaced by memory. */
  storage?: HeatStorage;
  /** Told once when the storage fails and heat lives in memory from then on. Default: a console warning. */
  onStorageFallback?: (failure: StorageFailure) => void;
  /** The storage key holding all ids' heat. Default `dddk.heat`. */
  storageKey?: string;
  /** Time for heat to halve. Default 7 days. */
  halfLifeMs?: number;
  /** Most ids remembered; the coldest are forgotten first. Default 500. */
  maxItems?: number;
  /** The clock, for tests. Default `Date.now`. */
  now?: () => number;
}

interface Heat {
  /** Heat as of `at`. */
  value: number;
  at: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const FORMAT_VERSION = 1;

function positiveOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`HeatRank: options.${name} must be a positive number, got ${value}.`);
  return value;
}

/**
 * Reads what storage holds, keeping every well-formed entry and dropping the rest; throws when the
 * text as a whole is not stored heat (not JSON, another format or version).
 */
function parseStored(raw: string | null): Map<string, Heat> {
  const heat = new Map<string, Heat>();
  if (raw === null || raw.length === 0) return heat;
  const parsed: unknown = JSON.parse(raw);
  const { v, items } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { v?: unknown; items?: unknown };
  if (v !== FORMAT_VERSION || typeof items !== 'object' || items === null || Array.isArray(items)) {
    throw new SyntaxError(`not stored heat of format ${FORMAT_VERSION}`);
  }
  for (const [id, entry] of Object.entries(items)) {
    if (!Array.isArray(entry) || entry.length !== 2) continue;
    const [value, at] = entry as unknown[];
    if (typeof value !== 'number' || typeof at !== 'number') continue;
    if (!(value > 0) || !Number.isFinite(value) || !Number.isFinite(at)) continue;
    heat.set(id, { value, at });
  }
  return heat;
}

export class HeatRank {
  readonly halfLifeMs: number;
  readonly maxItems: number;
  readonly #storageKey: string;
  readonly #now: () => number;
  readonly #storage: FallbackStorage;
  #heat: Map<string, Heat>;

  constructor(options: HeatRankOptions = {}) {
    this.halfLifeMs = positiveOption('halfLifeMs', options.halfLifeMs, 7 * DAY_MS);
    this.maxItems = Math.floor(positiveOption('maxItems', options.maxItems, 500));
    this.#storageKey = options.storageKey ?? 'dddk.heat';
    this.#now = options.now ?? Date.now;
    const onFallback = options.onStorageFallback ?? ((failure: StorageFailure) => console.warn(`dddk: ${failure.message}`));
    // Storage can be off (private mode, sandboxed frames) or full: ranking carries on in memory for this page.
    this.#storage = withMemoryFallback(options.storage ?? memoryStorage(), onFallback, {
      subject: 'use counts',
      consequence: 'the ranking restarts on the next page',
      dropStaleCopy: false,
    });
    try {
      this.#heat = parseStored(this.#storage.get(this.#storageKey));
    } catch (error) {
      this.#heat = new Map();
      this.#storage.reportCorrupt(this.#storageKey, error);
    }
  }

  /** Heat of `id` at `now`: the sum over its uses of 0.5^(age / halfLifeMs); 0 when never used. */
  score(id: string, now: number = this.#now()): number {
    const heat = this.#heat.get(id);
    if (!heat) return 0;
    return heat.value * this.#decay(now - heat.at);
  }

  /** Counts one use of `id` now. */
  record(id: string): void {
    this.boost(id, 1);
  }

  /** Adds `amount` uses' worth of heat to `id` (e.g. to pin a suggested item near the top of its matches). */
  boost(id: string, amount = 1): void {
    if (!Number.isFinite(amount) || amount <= 0) throw new RangeError(`HeatRank.boost: amount must be a positive number, got ${amount}.`);
    const now = this.#now();
    this.#heat.set(id, { value: this.score(id, now) + amount, at: now });
    this.#trim(now);
    this.#save();
  }

  forget(id: string): void {
    if (this.#heat.delete(id)) this.#save();
  }

  reset(): void {
    this.#heat.clear();
    this.#storage.remove(this.#storageKey);
  }

  /** Ids by heat, hottest first; equal heat keeps the order ids were first used. */
  ranked(now: number = this.#now()): string[] {
    const ids = [...this.#heat.keys()];
    const scores = new Map(ids.map((id) => [id, this.score(id, now)]));
    return ids.sort((a, b) => scores.get(b)! - scores.get(a)!);
  }

  #decay(ageMs: number): number {
    // A clock that went backwards must not grow heat.
    return ageMs <= 0 ? 1 : Math.pow(0.5, ageMs / this.halfLifeMs);
  }

  #trim(now: number): void {
    if (this.#heat.size <= this.maxItems) return;
    const coldestFirst = this.ranked(now).reverse();
    for (const id of coldestFirst.slice(0, this.#heat.size - this.maxItems)) this.#heat.delete(id);
  }

  #save(): void {
    const items: Record<string, [number, number]> = Object.create(null);
    for (const [id, heat] of this.#heat) items[id] = [heat.value, heat.at];
    this.#storage.set(this.#storageKey, JSON.stringify({ v: FORMAT_VERSION, items }));
  }
}
