/**
 * The user chose a palette item (Enter, Ctrl/⌘+Enter, a click or the actions menu). Cancelable:
 * `preventDefault()` keeps the item's action from running, for a host that handles it itself.
 */
export type DddkActivateEvent = CustomEvent<{
  itemId: string;
  /** The text after the item's prefix, or the query of a search row; '' otherwise. */
  arg: string;
  /** 0 for the primary action, 1 for the secondary, and so on. */
  actionIndex: number;
}>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-activate': DddkActivateEvent;
  }
}
