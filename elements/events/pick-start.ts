/**
 * The visitor started choosing a page element to pin. A modal host (the palette) may hide itself
 * until `dddk-pick-end`, so the visitor can point at the whole page.
 */
export type DddkPickStartEvent = CustomEvent<Record<PropertyKey, never>>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-pick-start': DddkPickStartEvent;
  }
}
