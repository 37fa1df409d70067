/**
 * The one model contract: `getState()` gives a frozen snapshot, `subscribe(listener)` hears every
 * change. Every headless model of the kit is built on this store, so views, connect functions and
 * tests read every model the same way.
 */

export type StoreListener<State> = (state: State) => void;

/** What a view or a test sees of a model. */
export interface ReadableStore<State> {
  getState(): State;
  /** Calls `listener` after every change with the new state; returns the unsubscribe function. */
  subscribe(listener: StoreListener<State>): () => void;
}

/** What the model itself holds: the readable side plus the one way to change the state. */
export interface Store<State> extends ReadableStore<State> {
  /** Replaces the state (or derives it from the previous one) and tells the listeners, unless nothing changed. */
  setState(next: State | ((previous: State) => State)): void;
  /** How many listeners are subscribed (a model may pause work nobody watches). */
  listenerCount(): number;
  /** Drops every listener; later changes notify nobody. */
  clear(): void;
}

export interface StoreOptions {
  /** Names the model in error messages, e.g. `palette`. */
  name: string;
  /** Receives what a listener threw; the other listeners still run. Default: `console.error`. */
  onListenerError?: (error: unknown) => void;
}

/**
 * Creates a store. Each state object is frozen, one level: what it holds may be the host's own
 * objects (items, mounted nodes), which a model must never freeze under the host; a model freezes
 * its own lists. A change made by a listener is delivered after the current round, so every
 * listener sees the states in order and none is skipped.
 */
export function createStore<State>(initial: State, options: StoreOptions): Store<State> {
  const { name } = options;
  const report = options.onListenerError ?? ((error: unknown) => console.error(`dddk: a ${name} listener threw`, error));
  const listeners = new Set<StoreListener<State>>();
  let state = freezeState(initial);
  let notifying = false;
  let queued = false;

  const notify = (): void => {
    if (notifying) {
      queued = true;
      return;
    }
    notifying = true;
    try {
      do {
        queued = false;
        const current = state;
        for (const listener of [...listeners]) {
          if (!listeners.has(listener)) continue;
          try {
            listener(current);
          } catch (error) {
            report(error);
          }
        }
      } while (queued);
    } finally {
      notifying = false;
    }
  };

  return {
    getState: () => state,
    subscribe(listener) {
      if (typeof listener !== 'function') {
        throw new TypeError(`${name}.subscribe(listener): listener must be a function, got ${typeof listener}`);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setState(next) {
      const value = typeof next === 'function' ? (next as (previous: State) => State)(state) : next;
      if (Object.is(value, state)) return;
      state = freezeState(value);
      notify();
    },
    listenerCount: () => listeners.size,
    clear: () => listeners.clear(),
  };
}

/** Freezes a state that is a plain object or an array; its members are left as they are. */
function freezeState<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (Array.isArray(value) || prototype === Object.prototype || prototype === null) Object.freeze(value);
  return value;
}
