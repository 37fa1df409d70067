import type { IntentEvent } from './intents.js';

/** Keeps the most recent intents, oldest first, dropping the oldest once `capacity` is reached. */
export interface IntentBuffer {
  push(intent: IntentEvent): void;
  /** The buffered intents, oldest first; `limit` keeps only the newest ones. */
  list(limit?: number): IntentEvent[];
  clear(): void;
  readonly capacity: number;
}

export function createIntentBuffer(capacity: number): IntentBuffer {
  if (!Number.isInteger(capacity) || capacity < 0) {
    throw new RangeError(`the intent buffer capacity must be a non-negative integer, got ${capacity}`);
  }
  let items: IntentEvent[] = [];
  return {
    capacity,
    push(intent) {
      if (capacity === 0) return;
      items.push(intent);
      if (items.length > capacity) items.splice(0, items.length - capacity);
    },
    list(limit) {
      if (limit === undefined) return items.slice();
      if (!Number.isInteger(limit) || limit < 0) {
        throw new RangeError(`recentIntents(limit): limit must be a non-negative integer, got ${limit}`);
      }
      return limit === 0 ? [] : items.slice(-limit);
    },
    clear() {
      items = [];
    },
  };
}
