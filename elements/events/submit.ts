/**
 * The user submitted a text (e.g. Enter in the palette). Cancelable: `preventDefault()` keeps the
 * text from going to the agent, for a host that handles it itself.
 */
export type DddkSubmitEvent = CustomEvent<{ text: string }>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-submit': DddkSubmitEvent;
  }
}
