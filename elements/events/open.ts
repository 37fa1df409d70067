import type { EmptyDetail } from '../internal/dddk-element.js';

/** The element opened (e.g. the palette on Ctrl/⌘+K). */
export type DddkOpenEvent = CustomEvent<EmptyDetail>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-open': DddkOpenEvent;
  }
}
