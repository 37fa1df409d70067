import type { SurfaceIssue } from '../../core/surface/surface.types.js';

/** The surface JSON given to the element is invalid; `issues` lists each defect by JSON Pointer path. */
export type DddkSurfaceErrorEvent = CustomEvent<{ issues: readonly SurfaceIssue[] }>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-surface-error': DddkSurfaceErrorEvent;
  }
}
