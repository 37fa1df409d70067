/**
 * The user pressed a pinned panel's close button. Cancelable: `preventDefault()` keeps the panel
 * open. `id` is the panel's id.
 */
export type DddkPanelDismissEvent = CustomEvent<{ id: string }>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-panel-dismiss': DddkPanelDismissEvent;
  }
}
