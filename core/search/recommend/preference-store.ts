/**
 * A visitor's ♥ and ✕ per item, kept under one key per customer in the kit's key-value storage:
 * `{"v":1,"prefs":[["item-id","like"],…]}`, oldest first. A storage that throws, or holds something
 * that is not this record at all, is replaced by memory for the rest of the page (the caller is told
 * once); inside a record, an entry that is not an id and a response is skipped and the rest kept.
 */
import type { KeyValueStorage } from '../../storage/key-value-storage.js';
import { withMemoryFallback, type FallbackStorage } from '../../storage/memory-fallback.js';
import type { StorageFailure } from '../../storage/storage-failure.js';

/** A visitor's ♥ (`like`) or ✕ (`dislike`) on an item. */
export type PreferenceResponse = 'like' | 'dislike';

const FORMAT_VERSION = 1;
/** Most preferences remembered per customer; the oldest go first. */
export const MAX_PREFERENCES = 500;

/** Well-formed entries of a stored record; throws when the text as a whole is not one. */
function parseRecord(raw: string | null): Map<string, PreferenceResponse> {
  const prefs = new Map<string, PreferenceResponse>();
  if (raw === null || raw.length === 0) return prefs;
  const parsed: unknown = JSON.parse(raw);
  const { v, prefs: entries } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { v?: unknown; prefs?: unknown };
  if (v !== FORMAT_VERSION || !Array.isArray(entries)) throw new SyntaxError(`not stored preferences of format ${FORMAT_VERSION}`);
  for (const entry of entries) {
    if (!Array.isArray(entry) || entry.length !== 2) continue;
    const [id, response] = entry as unknown[];
    if (typeof id !== 'string' || id.length === 0 || (response !== 'like' && response !== 'dislike')) continue;
    prefs.delete(id);
    prefs.set(id, response);
  }
  return prefs;
}

export class PreferenceStore {
  readonly #storage: FallbackStorage;
  readonly #key: string;
  /** In the order recorded, oldest first. */
  readonly #prefs: Map<string, PreferenceResponse>;

  constructor(storage: KeyValueStorage, key: string, onFallback: (failure: StorageFailure) => void) {
    this.#key = key;
    this.#storage = withMemoryFallback(storage, onFallback, {
      subject: 'recommendation preferences',
      consequence: 'recommendations forget them on the next page',
      dropStaleCopy: false,
    });
    let prefs: Map<string, PreferenceResponse>;
    try {
      prefs = parseRecord(this.#storage.get(key));
    } catch (error) {
      prefs = new Map();
      this.#storage.reportCorrupt(key, error);
    }
    this.#prefs = prefs;
  }

  entries(): ReadonlyMap<string, PreferenceResponse> {
    return this.#prefs;
  }

  record(id: string, response: PreferenceResponse): void {
    this.#prefs.delete(id);
    this.#prefs.set(id, response);
    while (this.#prefs.size > MAX_PREFERENCES) this.#prefs.delete(this.#prefs.keys().next().value!);
    this.#save();
  }


  clear(): void {
    this.#prefs.clear();
    this.#storage.remove(this.#key);
  }

  #save(): void {
    this.#storage.set(this.#key, JSON.stringify({ v: FORMAT_VERSION, prefs: [...this.#prefs] }));
  }
}
