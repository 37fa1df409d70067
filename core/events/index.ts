export { createEventBus, type EventBus, type EventBusOptions, type EventHandler, type EventArgs } from './event-bus.js';
export type {
  DddkEventMap,
  DddkEventName,
  DddkErrorEvent,
  LocaleChangeEvent,
} from './event-map.js';
export type { IntentEventMap, IntentKind, IntentEvent, CustomTrackIntent } from './intents.js';
export type { JsonObject, JsonValue, JsonPrimitive } from './json.js';
