import type { DddkController } from '../controller/controller.types.js';
import { controllerPlacements, type PlacedSurface } from './controller-surfaces.js';
import type { SurfaceResult } from './surface-model.js';
import { surfaceRenderer, type RenderedSurfaceHandle, type SurfaceRenderOptions } from './surface-renderer.js';

/**
 * Shows a surface from the core: through the elements' renderer when they are defined (it adds a
 * view for the placement when the page has none), else mounted in the controller's placements for
 * the host's own views.
 */
export function presentSurface(controller: DddkController, surface: unknown, options: SurfaceRenderOptions): RenderedSurfaceHandle {
  const render = surfaceRenderer();
  if (render) return render(controller, surface, options);
  let settle!: (result: SurfaceResult) => void;
  const result = new Promise<SurfaceResult>((resolve) => (settle = resolve));
  const content: PlacedSurface = {
    surface,
    ...(options.label !== undefined ? { label: options.label } : {}),
    ...(options.onAction ? { onAction: options.onAction } : {}),
    settle,
  };
  const mounted = controllerPlacements(controller).mount(options.placement, content);
  return {
    result,
    close() {
      mounted.unmount();
      settle({ action: { type: 'cancel' }, data: {} });
    },
    update: (next) => mounted.update({ ...mounted.content(), surface: next }),
  };
}
