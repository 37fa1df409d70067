/**
 * The visitor started choosing an area of the page to capture. A modal host (the palette) may hide
 * itself until `dddk-capture-end`, so the visitor sees the whole page.
 */
export type DddkCaptureStartEvent = CustomEvent<Record<PropertyKey, never>>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-capture-start': DddkCaptureStartEvent;
  }
}
