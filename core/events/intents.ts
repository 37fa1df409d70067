import type { JsonObject } from './json.js';

/**
 * The intent stream: one record per user decision or activation that carries product-analytics
 * meaning. Each key is an intent `kind`; hosts and features add kinds by declaration merging:
 *
 * ```ts
 * declare module 'dddk/core' {
 *   interface IntentEventMap { checkout_started: { cartSize: number; timestamp: number } }
 * }
 * ```
 */
export interface IntentEventMap {
  /** Sent by the host through `dddk.track(name, props)`. */
  custom_track: { name: string; props: JsonObject; timestamp: number };
}

export type IntentKind = keyof IntentEventMap;

export type IntentEvent = { [Kind in IntentKind]: { kind: Kind } & IntentEventMap[Kind] }[IntentKind];

export type CustomTrackIntent = Extract<IntentEvent, { kind: 'custom_track' }>;
