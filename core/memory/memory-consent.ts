/**
 * The visitor's consent to being remembered, asked once before the first write when the host
 * requires it, and kept (granted or declined) in the kit's storage port. A decline is kept too: the
 * visitor is not asked again on every page; `reset()` (from the memory surface) asks anew.
 */
import type { KeyValueStorage } from '../storage/key-value-storage.js';

export type ConsentState = 'granted' | 'declined' | 'unasked';

export interface MemoryConsent {
  state(): ConsentState;
  /** The visitor's answer: asked once at a time, however many writes wait for it. */
  request(): Promise<boolean>;
  /** Forgets the answer, so the next write asks again. */
  reset(): void;
}

export const CONSENT_KEY = 'dddk.memory.consent';

export function createStoredConsent(storage: KeyValueStorage, ask: () => Promise<boolean>, key = CONSENT_KEY): MemoryConsent {
  let pending: Promise<boolean> | undefined;
  const state = (): ConsentState => {
    const stored = storage.get(key);
    return stored === 'granted' || stored === 'declined' ? stored : 'unasked';
  };
  return {
    state,
    request() {
      const known = state();
      if (known !== 'unasked') return Promise.resolve(known === 'granted');
      pending ??= ask()
        .catch(() => false)
        .then((granted) => {
          storage.set(key, granted ? 'granted' : 'declined');
          return granted;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    reset: () => storage.remove(key),
  };
}
