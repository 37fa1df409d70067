import { DddkSurface } from './surface.component.js';

export { DddkSurface };
export type { SurfaceMode } from './surface.component.js';

/** Registers `<dddk-surface>` (or `tag`); does nothing when the tag is already defined. */
export function defineSurface(tag = 'dddk-surface'): void {
  DddkSurface.define(tag);
}

declare global {
  interface HTMLElementTagNameMap {
    'dddk-surface': DddkSurface;
  }
}
