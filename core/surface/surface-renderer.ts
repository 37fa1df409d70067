/**
 * How the core shows a surface on screen without touching the DOM: the elements register their
 * `renderSurface` here when they are defined. Without one (the core alone, in Node or under a host's
 * own views) a surface is only mounted in the controller's placements, for the host's views to draw.
 */
import type { DddkController } from '../controller/controller.types.js';
import type { PlacementSlot } from './placements.js';
import type { SurfaceActionEvent, SurfaceResult } from './surface-model.js';

export interface RenderedSurfaceHandle {
  /** Settles with the first submit or cancel. */
  readonly result: Promise<SurfaceResult>;
  /** Takes the surface away (settling `result` as cancelled if it had not settled). */
  close(): void;
  /** Shows another surface in its place (its own data). */
  update(surface: unknown): void;
}

export interface SurfaceRenderOptions {
  placement: PlacementSlot;
  label?: string;
  /** Every action the surface fires, custom ones included. */
  onAction?: (event: SurfaceActionEvent) => void;
}

export type SurfaceRenderer = (controller: DddkController, surface: unknown, options: SurfaceRenderOptions) => RenderedSurfaceHandle;

let renderer: SurfaceRenderer | undefined;

/** Makes `render` the way surfaces reach the screen (the elements call this as they are defined). */
export function provideSurfaceRenderer(render: SurfaceRenderer): void {
  renderer = render;
}

/** The renderer the elements provided, if they were defined. */
export function surfaceRenderer(): SurfaceRenderer | undefined {
  return renderer;
}
