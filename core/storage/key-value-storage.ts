/**
 * The one key-value storage port of the kit: strings in, strings out, synchronous like Web Storage,
 * so a value is written before the next step runs (and before an `unload`). Any call may throw
 * (blocked, full, missing storage); `withMemoryFallback` turns that into memory and an event.
 */
export interface KeyValueStorage {
  /** The value under `key`, `null` when there is none (readers also take `undefined` as none). */
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** Every key held, where the storage can list them. */
  keys?(): string[];
}
