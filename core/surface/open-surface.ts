import { createSurfaceModel, type SurfaceModel, type SurfaceModelOptions } from './surface-model.js';
import type { SurfaceIssue } from './surface.types.js';
import { validateSurface } from './validate-surface.js';

export type OpenedSurface = { ok: true; model: SurfaceModel } | { ok: false; issues: readonly SurfaceIssue[] };

/** A surface's model from its JSON, or the issues that keep it from being one: a view shows either. */
export function openSurface(json: unknown, options: SurfaceModelOptions = {}): OpenedSurface {
  const validation = validateSurface(json, options.catalog ? { catalog: options.catalog } : {});
  if (!validation.ok) return { ok: false, issues: validation.errors };
  return { ok: true, model: createSurfaceModel(validation.surface, options) };
}
