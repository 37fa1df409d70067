import { controllerPlacements, type PlacedSurface } from '../../core/surface/controller-surfaces.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import type { PlacementSlot } from '../../core/surface/placements.js';
import type { SurfaceActionEvent, SurfaceData, SurfaceResult } from '../../core/surface/surface-model.js';
import { definePlacements, DddkPlacements } from './placements.js';
import { openPresenterFor, slotPresenter } from './slot-presenters.js';

export interface RenderSurfaceOptions {
  /**
   * Where it shows: `modal` (default), `dock`, `subtitle` or `palette` (inside that element when the
   * page has one, else floating), or a floating slot (`banner`, `toast`, `fab`, `indicator`).
   */
  placement?: PlacementSlot;
  /** Initial data, overriding the surface's own. */
  data?: SurfaceData;
  /** The accessible name of a modal or dock; defaults to the surface's first heading. */
  label?: string;
  /** Every action the surface fires, custom ones included. */
  onAction?: (event: SurfaceActionEvent) => void;
}

export interface SurfacePatch {
  /** A new surface JSON; it starts from `data`, else from its own data. */
  surface?: unknown;
  data?: SurfaceData;
  label?: string;
}

export interface RenderedSurface {
  /** Settles with the first submit or cancel (Esc, ×, `close()` count as cancel); the surface then goes away. */
  readonly result: Promise<SurfaceResult>;
  update(patch: SurfacePatch): void;
  /** Removes the surface; `result` settles as cancelled if it had not settled yet. */
  close(): void;
}

/**
 * Shows `surface` in a placement of `controller` and resolves with what the user did. An invalid
 * surface shows its problems in place (and can be cancelled); it never throws. The `subtitle` and
 * `palette` slots show inside a `<dddk-subtitle>` / `<dddk-palette>` of the controller when the page
 * has one (the palette opens for it); otherwise, and for the other slots, a `<dddk-placements>`
 * element is added to the page when none shows that slot yet.
 */
export function renderSurface(controller: DddkController, surface: unknown, options: RenderSurfaceOptions = {}): RenderedSurface {
  const slot = options.placement ?? 'modal';
  let resolve!: (result: SurfaceResult) => void;
  const result = new Promise<SurfaceResult>((settle) => (resolve = settle));
  let settled = false;
  const settle = (outcome: SurfaceResult) => {
    if (settled) return;
    settled = true;
    resolve(outcome);
  };
  const content: PlacedSurface = {
    surface,
    ...(options.data ? { data: options.data } : {}),
    ...(options.label !== undefined ? { label: options.label } : {}),
    ...(options.onAction ? { onAction: options.onAction } : {}),
    settle,
  };
  const presenter = slotPresenter(controller, slot);
  if (!presenter) ensurePlacementsHost(controller, slot);
  const placement = controllerPlacements(controller).mount(slot, content);
  if (presenter) openPresenterFor(presenter, content);
  return {
    result,
    update(patch) {
      placement.update({ ...placement.content(), ...patch });
    },
    close() {
      placement.unmount();
      settle({ action: { type: 'cancel' }, data: placement.content().data ?? {} });
    },
  };
}

function ensurePlacementsHost(controller: DddkController, slot: PlacementSlot): void {
  definePlacements();
  const hosts = [...document.querySelectorAll('dddk-placements')];
  if (hosts.some((host) => host instanceof DddkPlacements && host.showsSlot(controller, slot))) return;
  const host = document.createElement('dddk-placements');
  host.controller = controller;
  document.body.append(host);
}
