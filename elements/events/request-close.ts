/** What the user did to ask for the close: the close button, or Escape inside the element. */
export type DddkRequestCloseSource = 'close-button' | 'escape';

/** The user asked to close the element. Cancelable: `preventDefault()` keeps it open. */
export type DddkRequestCloseEvent = CustomEvent<{ source: DddkRequestCloseSource }>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-request-close': DddkRequestCloseEvent;
  }
}
