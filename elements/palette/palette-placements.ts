import { html, type ReactiveControllerHost } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import type { PaletteView } from '../../core/palette/palette.connect.js';
import type { PaletteModel } from '../../core/palette/palette.types.js';
import { controllerPlacements, type PlacedSurface } from '../../core/surface/controller-surfaces.js';
import { presentPlacementSlot } from '../../core/surface/placement-presenters.js';
import type { Placement } from '../../core/surface/placements.js';
import type { SurfaceResult } from '../../core/surface/surface-model.js';
import { cancelPlacement, focusFirstControl, placedSurfaceElement, placementOfEvent, renderPlacedSurface } from '../surface/placed-surface.js';
import { elementController, openedForSurface } from '../surface/slot-presenters.js';
import { defineSurface } from '../surface/surface.js';

/** What the placed surfaces read of their palette. */
export interface PlacementsHost {
  readonly element: ReactiveControllerHost & HTMLElement;
  readonly inline: boolean;
  readonly model: PaletteModel | undefined;
}

/**
 * The surfaces placed in the controller's `palette` slot (`renderSurface(controller, surface,
 * { placement: 'palette' })`): the palette presents that slot while it is in the page, shows them
 * in place of the list, and cancels them on Esc, on its back button, or when it closes.
 */
export class PalettePlacements {
  private watched: { controller: DddkController; stop: () => void } | undefined;
  private placed: readonly Placement<PlacedSurface>[] = [];
  private shownPlacementIds = new Set<number>();

  constructor(private readonly host: PlacementsHost) {}

  /** Some surface is placed: the list gives way to it. */
  get shown(): boolean {
    return this.placed.length > 0;
  }

  /** Stops following the controller's placements (the palette left the page). */
  stop(): void {
    this.watched?.stop();
    this.watched = undefined;
  }

  /** The placed surfaces, in the result area; Esc or the back button cancels the newest. */
  render(view: PaletteView) {
    // Registered when a surface is first placed here, so a palette that never shows one leaves the tag alone.
    defineSurface();
    const controller = this.watched?.controller;
    const newest = this.placed[this.placed.length - 1]!;
    return html`<section part="result surfaces" class="palette__result palette__surfaces" aria-label=${newest.content().label ?? view.strings.resultLabel}>
      ${repeat(
        this.placed,
        (placement) => placement.id,
        (placement) => renderPlacedSurface(placement, { controller, onSettled: (result) => this.afterSettled(placement, result) }),
      )}
    </section>`;
  }

  /** Follows the placements of the palette's controller and records the palette as showing its `palette` slot. */
  sync(view: PaletteView | undefined): void {
    const controller = this.host.element.isConnected ? elementController(this.host.element) : undefined;
    if (controller !== this.watched?.controller) {
      this.watched?.stop();
      this.watched = undefined;
      if (controller) {
        const stopWatching = controllerPlacements(controller).subscribe((slot) => {
          if (slot === 'palette') this.host.element.requestUpdate();
        });
        const stopPresenting = presentPlacementSlot(controller, 'palette', this.host.element);
        this.watched = {
          controller,
          stop: () => {
            stopWatching();
            stopPresenting();
          },
        };
      }
    }
    const placed = controller ? controllerPlacements(controller).in('palette') : [];
    this.placed = placed;
    if (placed.length > 0 && view && !view.open && !this.host.inline) {
      // The palette closed (backdrop, ×) while surfaces waited in it: they are cancelled, as Esc would.
      queueMicrotask(() => this.cancelAll());
      return;
    }
    const added = placed.filter((placement) => !this.shownPlacementIds.has(placement.id));
    this.shownPlacementIds = new Set(placed.map((placement) => placement.id));
    const newest = added[added.length - 1];
    // After this render is in the page (and after the palette focused its field on opening).
    if (newest) queueMicrotask(() => this.focusSurface(newest));
  }

  private focusSurface(placement: Placement<PlacedSurface>): void {
    const element = placedSurfaceElement(this.host.element.shadowRoot, placement);
    if (element) void focusFirstControl(element);
  }

  private cancelAll(): void {
    for (const placement of [...this.placed]) cancelPlacement(placement, placedSurfaceElement(this.host.element.shadowRoot, placement));
  }

  /** Cancels the surface an event came from, else the newest; false when none is placed. */
  cancel(event?: Event): boolean {
    const placement = (event && placementOfEvent(event, this.placed)) ?? this.placed[this.placed.length - 1];
    if (!placement) return false;
    cancelPlacement(placement, placedSurfaceElement(this.host.element.shadowRoot, placement), {
      onSettled: (result) => this.afterSettled(placement, result),
    });
    return true;
  }

  /**
   * A surface that opened the palette closes it again once submitted; otherwise (a cancel, or a
   * palette that was open already) the palette goes back to its list with focus in the field.
   */
  private afterSettled(placement: Placement<PlacedSurface>, result: SurfaceResult): void {
    if (this.placed.some((other) => other !== placement && other.isMounted())) return;
    if (result.action.type === 'submit' && openedForSurface.has(placement.content())) {
      this.host.model?.close();
      return;
    }
    this.host.element.requestUpdate();
    this.host.element.shadowRoot?.querySelector<HTMLInputElement>('#palette-input')?.focus({ preventScroll: true });
  }
}
