/**
 * A save was refused because the document changed elsewhere since it was loaded; nothing was
 * written. `detail.message` is the store's explanation. The editor offers to reload.
 */
export type DddkRegionConflictEvent = CustomEvent<{ message: string }>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-region-conflict': DddkRegionConflictEvent;
  }
}
