import { nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import type { PinnedPanel } from '../../core/surface/pinned-panels.js';
import { DddkElement } from '../internal/dddk-element.js';
import { ModelBinding } from '../internal/model-binding.js';
import { sharedStyles } from '../internal/shared.styles.js';
import { LazyView } from '../internal/lazy-view.js';
import { surfaceRuntime } from '../surface/lazy-surface-runtime.js';
import { panelsSource, type PanelsSource } from './panels-source.js';

/**
 * @tagname dddk-panel
 * @summary Shows pinned panels in the corners of the viewport: the controller's panels (made with
 * `controllerPanels(controller).create(spec)`), or the one given as `panel`. Each panel is a
 * labelled region with its title, subtitle, a surface as its body, a footer and, when dismissible,
 * a close button. Several panels in one corner stack. Updates and data changes show as they happen.
 *
 * @event {DddkPanelDismissEvent} dddk-panel-dismiss - The user pressed a panel's close button.
 * Cancelable: `preventDefault()` keeps the panel open.
 *
 * @csspart corner - A corner's stack of panels; `corner-top-left`, `corner-bottom-right`, … name each one.
 * @csspart panel - One panel (a `region` named by its title).
 * @csspart header - The title row.
 * @csspart title - The panel's title.
 * @csspart subtitle - The line under the title.
 * @csspart close-button - The close button of a dismissible panel.
 * @csspart body - The `<dddk-surface>` showing the panel's surface.
 * @csspart footer - The panel's footer.
 *
 * @cssproperty --panel-width - How wide a panel is.
 * @cssproperty --offset - The distance between the panels and the viewport's edges.
 */
export class DddkPanel extends DddkElement {
  static override styles = [sharedStyles];

  /** The controller whose pinned panels this element shows; wins over `for` and the page default. */
  @property({ attribute: false }) accessor controller: DddkController | undefined = undefined;

  /** The id of a controller created with `createDddk({ id })`; without it the page default is used. */
  @property() accessor for: string | undefined = undefined;

  /** One panel to show instead of all the controller's panels. */
  @property({ attribute: false }) accessor panel: PinnedPanel | undefined = undefined;

  private readonly binding = new ModelBinding<PanelsSource>(this, {
    select: (controller) => panelsSource(controller),
    events: ['locale_change'],
  });
  // The frames and the surfaces in them: loaded once there is a panel to show.
  private readonly view = new LazyView(this, surfaceRuntime, {
    create: (runtime) => new runtime.PanelsView(this, (this.constructor as typeof DddkPanel).elementStyles),
  });
  private stopPanel: (() => void) | undefined;

  /** The controller in use: the `controller` property, else the one `for` names, else the page default. */
  get activeController(): DddkController | undefined {
    return this.binding.controller;
  }

  /** The panels shown, in creation order. */
  get panels(): PinnedPanel[] {
    if (this.panel) return this.panel.isOpen() ? [this.panel] : [];
    return this.binding.model?.registry()?.list() ?? [];
  }

  /** The user pressed the close button of `panel`. */
  requestDismiss(panel: PinnedPanel): void {
    const request = this.emit('dddk-panel-dismiss', { detail: { id: panel.id }, cancelable: true });
    if (!request.defaultPrevented) panel.requestDismiss();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.hasAttribute('data-html2canvas-ignore')) this.setAttribute('data-html2canvas-ignore', '');
    this.watchPanel();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopPanel?.();
    this.stopPanel = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('panel')) this.watchPanel();
  }

  private watchPanel(): void {
    this.stopPanel?.();
    this.stopPanel = this.isConnected ? this.panel?.subscribe(() => this.requestUpdate()) : undefined;
  }

  protected override render(): unknown {
    return this.panels.length === 0 ? nothing : this.view.render();
  }
}
