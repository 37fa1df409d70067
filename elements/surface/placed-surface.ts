import { html, type TemplateResult } from 'lit';
import type { DddkController } from '../../core/controller/create-dddk.js';
import type { PlacedSurface } from '../../core/surface/controller-surfaces.js';
import type { Placement } from '../../core/surface/placements.js';
import type { SurfaceResult } from '../../core/surface/surface-model.js';
import type { DddkSurfaceActionEvent } from '../events/surface-action.js';
import type { SurfaceMode } from './surface-view-host.js';

/** What these helpers use of a `<dddk-surface>` (typed here so that the lazy views importing them stay clear of the element's module). */
export interface PlacedSurfaceElement extends HTMLElement {
  cancel(): void;
  readonly updateComplete: Promise<boolean>;
}

// How every view of a placement (the fallback `<dddk-placements>`, the subtitle bar, the palette)
// draws a placed surface and reports its outcome, so they all settle it the same way.

export interface PlacedSurfaceOptions {
  controller: DddkController | undefined;
  mode?: SurfaceMode;
  /** The `part` names of the `<dddk-surface>`; `surface` when unset. */
  part?: string;
  /** Runs after the placement settled (and was unmounted), with what the user did. */
  onSettled?: (result: SurfaceResult) => void;
}

/** A `<dddk-surface>` showing `placement`, marked with `data-placement` so keys and focus can find it. */
export function renderPlacedSurface(placement: Placement<PlacedSurface>, options: PlacedSurfaceOptions): TemplateResult {
  const content = placement.content();
  const mode = options.mode ?? 'inline';
  return html`<dddk-surface
    part=${options.part ?? 'surface'}
    class="surface"
    data-placement=${placement.id}
    .surface=${content.surface}
    .data=${content.data}
    .label=${content.label}
    .controller=${options.controller}
    mode=${mode}
    .open=${mode !== 'inline'}
    @dddk-surface-action=${(event: DddkSurfaceActionEvent) => handleAction(placement, event, options)}
    @dddk-close=${() => settlePlacement(placement, { action: { type: 'cancel' }, data: content.data ?? {} }, options)}
  ></dddk-surface>`;
}

function handleAction(placement: Placement<PlacedSurface>, event: DddkSurfaceActionEvent, options: PlacedSurfaceOptions): void {
  const { action, data, source } = event.detail;
  placement.content().onAction?.({ action, data, ...(source !== undefined ? { source } : {}) });
  if (action.type === 'submit' || action.type === 'cancel') settlePlacement(placement, { action, data }, options);
}

/** Reports `result` to whoever placed the surface and takes it off screen; later calls do nothing. */
export function settlePlacement(placement: Placement<PlacedSurface>, result: SurfaceResult, options: Pick<PlacedSurfaceOptions, 'onSettled'> = {}): void {
  if (!placement.isMounted()) return;
  placement.content().settle(result);
  placement.unmount();
  options.onSettled?.(result);
}

/** The `<dddk-surface>` drawn for `placement` under `root`, if it is there. */
export function placedSurfaceElement(root: ParentNode | null | undefined, placement: Placement<PlacedSurface>): PlacedSurfaceElement | undefined {
  return root?.querySelector<PlacedSurfaceElement>(`dddk-surface[data-placement="${placement.id}"]`) ?? undefined;
}

/** The placement whose `<dddk-surface>` an event went through, among `placed`. */
export function placementOfEvent(event: Event, placed: readonly Placement<PlacedSurface>[]): Placement<PlacedSurface> | undefined {
  for (const node of event.composedPath()) {
    if (node instanceof HTMLElement && node.dataset['placement'] !== undefined) {
      const id = Number(node.dataset['placement']);
      return placed.find((placement) => placement.id === id);
    }
  }
  return undefined;
}

/**
 * Cancels a placed surface as Esc does: through its element, so the result carries the data typed
 * so far, else (still loading) directly with the data it was given.
 */
export function cancelPlacement(placement: Placement<PlacedSurface>, element: PlacedSurfaceElement | undefined, options: Pick<PlacedSurfaceOptions, 'onSettled'> = {}): void {
  element?.cancel();
  settlePlacement(placement, { action: { type: 'cancel' }, data: placement.content().data ?? {} }, options);
}

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** Once `surface` has rendered, focuses its first field or button; resolves whether one took focus. */
export async function focusFirstControl(surface: PlacedSurfaceElement): Promise<boolean> {
  await surface.updateComplete;
  const target = surface.shadowRoot?.querySelector<HTMLElement>(FOCUSABLE);
  if (!target || !surface.isConnected) return false;
  target.focus({ preventScroll: true });
  return true;
}
