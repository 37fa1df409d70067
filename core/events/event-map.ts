import type { IntentEvent } from './intents.js';

export interface LocaleChangeEvent {
  locale: string;
  previous: string;
}

/** Something failed where no caller can catch it, e.g. an event handler or a model listener threw. */
export interface DddkErrorEvent {
  error: unknown;
  /** Where it happened, e.g. `event-handler:intent` or `subtitle-listener`. */
  source: string;
}

/**
 * The controller's events. Features and hosts add events by declaration merging:
 *
 * ```ts
 * declare module 'dddk/core' {
 *   interface DddkEventMap { cart_updated: { items: number } }
 * }
 * ```
 * An event without a payload is declared as `void`. The agent's events are declared so, in
 * core/agent/web-agent/agent-bus-events.ts.
 */
export interface DddkEventMap {
  intent: IntentEvent;
  locale_change: LocaleChangeEvent;
  error: DddkErrorEvent;
  /** The controller is being destroyed; handlers are dropped right after this event. */
  destroy: void;
}

export type DddkEventName = keyof DddkEventMap;
