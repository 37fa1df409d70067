import type { EmptyDetail } from '../internal/dddk-element.js';

/** The element became visible. */
export type DddkShowEvent = CustomEvent<EmptyDetail>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-show': DddkShowEvent;
  }
}
