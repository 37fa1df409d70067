import { describeValue } from '../util/describe-value.js';

/**
 * A small typed publish/subscribe bus. Handlers run synchronously in subscription order;
 * a handler that throws is reported and the remaining handlers still run.
 */

/** Payload-less events are declared with `void` and emitted without a second argument. */
export type EventArgs<Payload> = [Payload] extends [void] ? [] : [payload: Payload];

export type EventHandler<Payload> = (payload: Payload) => void;

export interface EventBus<Events extends object> {
  /** Subscribes `handler` to `name`; the returned function unsubscribes it. */
  on<Name extends keyof Events>(name: Name, handler: EventHandler<Events[Name]>): () => void;
  off<Name extends keyof Events>(name: Name, handler: EventHandler<Events[Name]>): void;
  emit<Name extends keyof Events>(name: Name, ...args: EventArgs<Events[Name]>): void;
  listenerCount(name: keyof Events): number;
  /** Drops every handler of every event. */
  clear(): void;
}

export interface EventBusOptions<Events extends object> {
  /** Called when a handler throws; the other handlers of the same emit still run. */
  onHandlerError?: (error: unknown, name: keyof Events) => void;
}

export function createEventBus<Events extends object>(options: EventBusOptions<Events> = {}): EventBus<Events> {
  type AnyHandler = (payload?: unknown) => void;
  const handlers = new Map<keyof Events, Set<AnyHandler>>();

  const reportHandlerError = (error: unknown, name: keyof Events): void => {
    if (options.onHandlerError) {
      try {
        options.onHandlerError(error, name);
        return;
      } catch (reportError) {
        // The reporter itself failed; fall through so the original error is not lost.
        console.error('dddk: the event error reporter threw', reportError);
      }
    }
    console.error(`dddk: a handler of the "${String(name)}" event threw`, error);
  };

  const on = <Name extends keyof Events>(name: Name, handler: EventHandler<Events[Name]>): (() => void) => {
    if (typeof handler !== 'function') {
      throw new TypeError(`on("${String(name)}", handler): handler must be a function, got ${describeValue(handler)}`);
    }
    let set = handlers.get(name);
    if (!set) {
      set = new Set();
      handlers.set(name, set);
    }
    set.add(handler as AnyHandler);
    return () => off(name, handler);
  };

  const off = <Name extends keyof Events>(name: Name, handler: EventHandler<Events[Name]>): void => {
    const set = handlers.get(name);
    if (!set) return;
    set.delete(handler as AnyHandler);
    if (set.size === 0) handlers.delete(name);
  };

  const emit = <Name extends keyof Events>(name: Name, ...args: EventArgs<Events[Name]>): void => {
    const set = handlers.get(name);
    if (!set) return;
    // A snapshot, so a handler that subscribes or unsubscribes others does not change this delivery.
    for (const handler of [...set]) {
      try {
        handler(...(args as [unknown?]));
      } catch (error) {
        reportHandlerError(error, name);
      }
    }
  };

  return {
    on,
    off,
    emit,
    listenerCount: (name) => handlers.get(name)?.size ?? 0,
    clear: () => handlers.clear(),
  };
}
