import type { SurfaceActionEvent, SurfaceData, SurfaceResult } from './surface-model.js';

/** What `renderSurface()` mounts in a placement: the surface JSON, and how to report its outcome. */
export interface PlacedSurface {
  /** The surface JSON; the view validates it and shows the issues in place when it is invalid. */
  surface: unknown;
  data?: SurfaceData;
  /** The accessible name of a modal or dock; defaults to the surface's first heading. */
  label?: string;
  /** The view reports every action here, custom ones included. */
  onAction?(event: SurfaceActionEvent): void;
  /** The view calls this once, with the first submit or cancel (Esc and close count as cancel). */
  settle(result: SurfaceResult): void;
}
