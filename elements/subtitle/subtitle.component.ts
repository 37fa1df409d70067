import { html, nothing, svg, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import type { DddkController } from '../../core/dddk.js';
import { connectSubtitle, type SubtitleView } from '../../core/subtitle/subtitle.connect.js';
import type { SubtitleModel } from '../../core/subtitle/subtitle.types.js';
import type { DddkRequestCloseSource } from '../events/request-close.js';
import { DddkElement } from '../internal/dddk-element.js';
import { ModelBinding } from '../internal/model-binding.js';
import { sharedStyles } from '../internal/shared.styles.js';
import { subtitleStyles } from './subtitle.styles.js';

const closeIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" fill="none"/></svg>`;

/**
 * @tagname dddk-subtitle
 * @summary The bar in which the agent narrates and notices appear. It renders the subtitle model of
 * its controller; a polite live region reads the text aloud a sentence at a time.
 *
 * @event dddk-show - The bar became visible.
 * @event dddk-hide - The bar was hidden.
 * @event {DddkRequestCloseEvent} dddk-request-close - The user asked to close the bar (`detail.source`
 * is `close-button` or `escape`). Cancelable: `preventDefault()` keeps the bar open.
 *
 * @csspart base - The bar.
 * @csspart text - The visible text.
 * @csspart cursor - The blinking cursor shown while the text streams in.
 * @csspart close-button - The close button.
 *
 * @cssproperty --max-width - The widest the bar may grow.
 * @cssproperty --offset - The distance between the bar and the bottom (or top) edge of the viewport.
 *
 * @cssstate visible - The bar is showing.
 * @cssstate streaming - Text is streaming in.
 */
export class DddkSubtitle extends DddkElement {
  static override styles = [sharedStyles, subtitleStyles];

  /** The controller whose subtitle this element renders; wins over `for` and the page default. */
  @property({ attribute: false }) accessor controller: DddkController | undefined = undefined;

  /** The id of a controller created with `createDddk({ id })`; without it the page default is used. */
  @property() accessor for: string | undefined = undefined;

  /** Where the bar sits in the viewport. */
  @property({ reflect: true }) accessor placement: 'bottom' | 'top' = 'bottom';

  private readonly binding = new ModelBinding<SubtitleModel>(this, {
    select: (controller) => controller.subtitle,
    events: ['locale_change'],
  });

  private view: SubtitleView | undefined;
  private wasVisible = false;
  private internals: ElementInternals | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    // html2canvas cannot paint shadow DOM; screenshots of the page should leave the bar out anyway.
    if (!this.hasAttribute('data-html2canvas-ignore')) this.setAttribute('data-html2canvas-ignore', '');
    if (!this.internals && typeof this.attachInternals === 'function') this.internals = this.attachInternals();
  }

  // Runs after the binding's hostUpdate, so the view reflects a controller resolved in this update.
  protected override update(changed: PropertyValues<this>): void {
    const { controller, model } = this.binding;
    this.view = controller && model ? connectSubtitle(model, controller.locale) : undefined;
    super.update(changed);
  }

  protected override render() {
    const view = this.view;
    const visible = view?.visible ?? false;
    const type = view?.type ?? 'info';
    return html`
      <div
        part="base"
        class=${classMap({ subtitle: true, [`subtitle--${type}`]: true })}
        ?hidden=${!visible}
        @keydown=${this.handleKeyDown}
      >
        <p part="text" class="subtitle__text" aria-hidden="true">${view?.text ?? ''}${view?.streaming
          ? html`<span part="cursor" class="subtitle__cursor"></span>`
          : nothing}</p>
        <button
          part="close-button"
          class="subtitle__close"
          type="button"
          aria-label=${view?.closeButton.label ?? ''}
          @click=${this.handleCloseClick}
        >
          ${closeIcon}
        </button>
      </div>
      <div
        class="visually-hidden"
        role=${view?.liveRegion.role ?? 'status'}
        aria-live=${view?.liveRegion['aria-live'] ?? 'polite'}
        aria-atomic=${view?.liveRegion['aria-atomic'] ?? 'false'}
        aria-busy=${view?.liveRegion['aria-busy'] ?? 'false'}
      >${view?.announcementPrefix ? html`<span>${view.announcementPrefix} </span>` : nothing}${(
          view?.announcement ?? []
        ).map((sentence) => html`<span>${sentence} </span>`)}</div>
    `;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const visible = this.view?.visible ?? false;
    this.setState('visible', visible);
    this.setState('streaming', this.view?.streaming ?? false);
    if (visible === this.wasVisible) return;
    this.wasVisible = visible;
    this.emit(visible ? 'dddk-show' : 'dddk-hide');
  }

  private readonly handleCloseClick = (): void => {
    this.requestClose('close-button');
  };

  private readonly handleKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.isComposing) return;
    // The page's own Escape handlers (e.g. a dialog underneath) should not also fire for this close.
    if (this.requestClose('escape')) event.stopPropagation();
  };

  /** Returns whether the bar closed (a listener may cancel the request). */
  private requestClose(source: DddkRequestCloseSource): boolean {
    const request = this.emit('dddk-request-close', { detail: { source }, cancelable: true });
    if (request.defaultPrevented) return false;
    this.view?.close();
    return true;
  }

  private setState(name: string, on: boolean): void {
    const states = this.internals?.states;
    if (!states) return;
    try {
      if (on) states.add(name);
      else states.delete(name);
    } catch {
      // Browsers without named custom states simply skip the :state() styling hook.
    }
  }
}
