import type { EmptyDetail } from '../internal/dddk-element.js';

/** The element closed. */
export type DddkCloseEvent = CustomEvent<EmptyDetail>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-close': DddkCloseEvent;
  }
}
