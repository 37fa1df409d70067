import { DddkPlacements } from './placements.component.js';
import { defineSurface } from './surface.js';

export { DddkPlacements };

/** Registers `<dddk-placements>` (or `tag`), and `<dddk-surface>` which it renders. */
export function definePlacements(tag = 'dddk-placements'): void {
  defineSurface();
  DddkPlacements.define(tag);
}

declare global {
  interface HTMLElementTagNameMap {
    'dddk-placements': DddkPlacements;
  }
}
