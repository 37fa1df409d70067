import { adoptStyles, html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { PlacedSurface } from '../../core/surface/controller-surfaces.js';
import type { Placement, PlacementSlot, Placements } from '../../core/surface/placements.js';
import type { DddkPlacements } from './placements.component.js';
import { renderPlacedSurface } from './placed-surface.js';
import { placementsStyles } from './placements.styles.js';
import type { SurfaceMode } from './surface.component.js';

const styled = new WeakSet<DddkPlacements>();

const modeOf = (slot: PlacementSlot): SurfaceMode => (slot === 'modal' ? 'modal' : slot === 'dock' ? 'dock' : 'inline');

/** Draws the surfaces mounted in `slots` of `placements`, each a `<dddk-surface>` that reports back to its placement. */
export function renderPlacements(host: DddkPlacements, placements: Placements<PlacedSurface>, slots: readonly PlacementSlot[]): TemplateResult {
  if (!styled.has(host) && host.shadowRoot) {
    adoptStyles(host.shadowRoot, [...(host.constructor as typeof DddkPlacements).elementStyles, placementsStyles]);
    styled.add(host);
  }
  return html`${slots.map((slot) => {
    const mounted = placements.in(slot);
    return mounted.length === 0
      ? nothing
      : html`<div part="slot slot-${slot}" class="slot slot--${slot}">
          ${repeat(mounted, (placement) => placement.id, (placement) => renderPlacement(host, placement))}
        </div>`;
  })}`;
}

function renderPlacement(host: DddkPlacements, placement: Placement<PlacedSurface>): TemplateResult {
  return renderPlacedSurface(placement, { controller: host.activeController, mode: modeOf(placement.slot) });
}
