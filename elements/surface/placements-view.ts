import { adoptStyles, html, nothing, type CSSResultOrNative, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { PlacedSurface } from '../../core/surface/controller-surfaces.js';
import type { Placement, PlacementSlot } from '../../core/surface/placements.js';
import type { ViewPart } from '../internal/lazy-view.js';
import { renderPlacedSurface } from './placed-surface.js';
import type { PlacementsViewHost } from './placements-view-host.js';
import { placementsStyles } from './placements.styles.js';
import type { SurfaceMode } from './surface-view-host.js';

const modeOf = (slot: PlacementSlot): SurfaceMode => (slot === 'modal' ? 'modal' : slot === 'dock' ? 'dock' : 'inline');

/** The surfaces mounted in the shown slots of a `<dddk-placements>`, each a `<dddk-surface>` that reports back to its placement. */
export class PlacementsView implements ViewPart {
  constructor(
    private readonly host: PlacementsViewHost,
    baseStyles: readonly CSSResultOrNative[],
  ) {
    if (host.shadowRoot) adoptStyles(host.shadowRoot, [...baseStyles, placementsStyles]);
  }

  render(): TemplateResult {
    const { placements, shownSlots } = this.host;
    return html`${shownSlots.map((slot) => {
      const mounted = placements?.in(slot) ?? [];
      return mounted.length === 0
        ? nothing
        : html`<div part="slot slot-${slot}" class="slot slot--${slot}">
            ${repeat(mounted, (placement) => placement.id, (placement) => this.renderPlacement(placement))}
          </div>`;
    })}`;
  }

  private renderPlacement(placement: Placement<PlacedSurface>): TemplateResult {
    return renderPlacedSurface(placement, { controller: this.host.activeController, mode: modeOf(placement.slot) });
  }
}
