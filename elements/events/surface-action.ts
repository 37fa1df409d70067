import type { SurfaceData } from '../../core/surface/surface-model.js';
import type { SurfaceAction } from '../../core/surface/surface.types.js';

/**
 * A piece of a surface fired its action (a Button, IconButton or Link), or the user cancelled a
 * modal or dock (Esc, ×). `source` is the path of the piece ("/root/children/3"), absent for a cancel
 * that came from no piece; `data` is the surface data at that moment.
 */
export type DddkSurfaceActionEvent = CustomEvent<{ action: SurfaceAction; data: SurfaceData; source: string | undefined }>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-surface-action': DddkSurfaceActionEvent;
  }
}
