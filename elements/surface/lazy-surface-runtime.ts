import { lazyModule } from '../../core/util/lazy-module.js';

export type SurfaceRuntime = typeof import('./surface-runtime.js');

/** The piece renderers and the surface views: their own chunk in the drop-in, fetched once a surface shows. */
export const surfaceRuntime = lazyModule('the surface renderer', () => import('./surface-runtime.js'));

/** Loads the surface runtime ahead of need; a failed load is retried on the next call. */
export function loadSurfaceRuntime(): Promise<SurfaceRuntime> {
  return surfaceRuntime.load();
}
