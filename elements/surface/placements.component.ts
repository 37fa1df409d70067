import { nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import { controllerPlacements, type PlacedSurface } from '../../core/surface/controller-surfaces.js';
import type { PlacementSlot, Placements } from '../../core/surface/placements.js';
import { DddkElement } from '../internal/dddk-element.js';
import { ModelBinding } from '../internal/model-binding.js';
import { sharedStyles } from '../internal/shared.styles.js';
import { LazyView } from '../internal/lazy-view.js';
import { surfaceRuntime } from './lazy-surface-runtime.js';
import type { PlacementsViewHost } from './placements-view-host.js';
import { slotPresenter } from './slot-presenters.js';

// The same names as the core's placement slots, listed here so this element stays small.
const SLOTS: readonly PlacementSlot[] = ['subtitle', 'indicator', 'palette', 'dock', 'modal', 'banner', 'fab', 'toast'];

/**
 * @tagname dddk-placements
 * @summary Shows the surfaces mounted in a controller's placements (by `renderSurface()`): `modal`
 * in a modal dialog, `dock` in a side sheet, and the other slots (subtitle, palette, banner, toast,
 * fab, indicator) floating in their place on screen. `subtitle` and `palette` are left to a
 * `<dddk-subtitle>` / `<dddk-palette>` of the same controller when the page has one. `renderSurface()` adds one to the page when
 * none shows the slot it needs. With `only`, the element shows just the listed slots, in the page's
 * flow, so a host can put e.g. the banner where it wants.
 *
 * @csspart slot - A slot's container; `slot-banner`, `slot-toast`, … name each one.
 * @csspart surface - Each `<dddk-surface>` shown.
 */
export class DddkPlacements extends DddkElement {
  static override styles = [sharedStyles];

  /** The controller whose placements this element shows; wins over `for` and the page default. */
  @property({ attribute: false }) accessor controller: DddkController | undefined = undefined;

  /** The id of a controller created with `createDddk({ id })`; without it the page default is used. */
  @property() accessor for: string | undefined = undefined;

  /** Space-separated slot names this element shows (e.g. "banner toast"); all slots when unset. */
  @property({ reflect: true }) accessor only: string | undefined = undefined;

  private readonly binding = new ModelBinding<Placements<PlacedSurface>>(this, {
    select: (controller) => controllerPlacements(controller),
  });

  /** What the surfaces' view reads from this element. */
  private readonly viewHost: PlacementsViewHost = (() => {
    const element = this;
    return {
      get shadowRoot() {
        return element.shadowRoot;
      },
      get activeController() {
        return element.activeController;
      },
      get placements() {
        return element.binding.model;
      },
      get shownSlots() {
        return element.slots();
      },
    };
  })();

  // The surfaces' frames and pieces: loaded once a shown slot holds a surface.
  private readonly view = new LazyView(this, surfaceRuntime, {
    create: (runtime) => new runtime.PlacementsView(this.viewHost, (this.constructor as typeof DddkPlacements).elementStyles),
  });

  private slots(): readonly PlacementSlot[] {
    const listed = this.only?.split(/\s+/);
    const controller = this.binding.controller;
    // A slot that an element shows inside itself (the subtitle bar, the palette) is left to it.
    return SLOTS.filter((slot) => (!listed || listed.includes(slot)) && !(controller && slotPresenter(controller, slot)));
  }

  /** The controller in use: the `controller` property, else the one `for` names, else the page default. */
  get activeController(): DddkController | undefined {
    return this.binding.controller;
  }

  /** Whether this element shows `slot` of `controller` right now. */
  showsSlot(controller: DddkController, slot: PlacementSlot): boolean {
    return this.isConnected && this.binding.controller === controller && this.slots().includes(slot);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.hasAttribute('data-html2canvas-ignore')) this.setAttribute('data-html2canvas-ignore', '');
  }

  protected override render(): unknown {
    const placements = this.binding.model;
    if (!placements || this.slots().every((slot) => placements.in(slot).length === 0)) return nothing;
    return this.view.render();
  }
}
