import type { EmptyDetail } from '../internal/dddk-element.js';

/** The element was hidden. */
export type DddkHideEvent = CustomEvent<EmptyDetail>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-hide': DddkHideEvent;
  }
}
