import { adoptStyles, html, nothing, svg, type TemplateResult } from 'lit';
import { classMap } from 'lit/directives/class-map.js';
import { keyed } from 'lit/directives/keyed.js';
import { repeat } from 'lit/directives/repeat.js';
import type { GestureIntent } from '../../core/input/gesture.types.js';
import type { VoiceGestureEvent } from '../../core/input/voice.events.js';
import { deepActiveElement } from '../../core/page/deep-active-element.js';
import { controllerPalette } from '../../core/palette/controller-palette.js';
import { connectSubtitle, type SubtitleView } from '../../core/subtitle/subtitle.connect.js';
import type { DddkRequestCloseSource } from '../events/request-close.js';
import { composedContains } from '../internal/focus-return.js';
import type { ViewPart } from '../internal/lazy-view.js';
import { markdown } from '../internal/markdown/markdown.directive.js';
import { cancelPlacement, placedSurfaceElement, placementOfEvent, renderPlacedSurface } from '../surface/placed-surface.js';
import { defineSurface } from '../surface/surface.js';
import { AutoHideHolds } from './auto-hide-holds.js';
import { CopyStatus } from './copy-status.js';
import { renderFooter } from './footer.template.js';
import { renderPrompt } from './prompt.template.js';
import { SubtitleFocus } from './subtitle-focus.js';
import { SubtitleGestures } from './subtitle-gestures.js';
import { SubtitleTouch } from './subtitle-touch.js';
import type { SubtitleUiHost } from './subtitle-ui-host.js';
import { subtitleStyles } from './subtitle.styles.js';

const stopIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><rect x="3.5" y="3.5" width="9" height="9" rx="1.5" fill="currentColor"/></svg>`;
const closeIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" fill="none"/></svg>`;

/**
 * Everything `<dddk-subtitle>` does once it has something to show: the bar's template and styles,
 * markdown, the buttons and the prompt, the keys, the document's gesture binding and touch. It lives
 * in its own chunk so that a page whose bar never shows never downloads it; the element's LazyView
 * adds it to the element's controllers once loaded.
 */
export class SubtitleUi implements ViewPart {
  /** The avatar image that failed to load; its initials show instead. */
  private failedAvatar: string | undefined;
  private readonly holds: AutoHideHolds;
  private readonly copyStatus: CopyStatus;
  private readonly touch = new SubtitleTouch({
    onSwipeDown: () => this.requestClose('swipe'),
    onTap: () => void this.currentView()?.onTap(),
  });

  constructor(private readonly host: SubtitleUiHost) {
    const { element } = host;
    if (element.shadowRoot) adoptStyles(element.shadowRoot, [...host.baseStyles, ...subtitleStyles]);
    defineSurface();
    new SubtitleFocus(host);
    this.holds = new AutoHideHolds(host);
    this.copyStatus = new CopyStatus(element);
    new SubtitleGestures(element, {
      // Keys typed in a placed surface are its own: Space, Tab and Esc then do not answer the bar.
      view: () => (this.focusInSurface() ? undefined : this.currentView()),
      paletteOpen: () => {
        const controller = host.controller;
        return controller ? controllerPalette(controller).getState().open : false;
      },
      thresholds: () => host.gestureThresholds,
      onIntent: (intent) => this.handleGesture(intent),
    });
  }

  hostConnected(): void {
    document.addEventListener('keydown', this.handleDocumentKeyDown);
  }

  hostDisconnected(): void {
    document.removeEventListener('keydown', this.handleDocumentKeyDown);
  }

  /** The view of the model as it is now (the rendered one may be a frame old when a key arrives). */
  currentView(): SubtitleView | undefined {
    const { controller, model } = this.host;
    return controller && model ? connectSubtitle(model, controller.locale) : undefined;
  }

  private focusInSurface(): boolean {
    const surfaces = this.host.element.shadowRoot?.querySelector('.subtitle__surfaces');
    return surfaces ? composedContains(surfaces, deepActiveElement()) : false;
  }

  /** The bar (the live region is the element's own, so that it exists before the first message). */
  render(): TemplateResult {
    const { view, placed } = this.host;
    const visible = (view?.visible ?? false) || placed.length > 0;
    const hasText = (view?.displayText ?? '') !== '';
    return html`
      <div
        part="base"
        class=${classMap({ subtitle: true, [`subtitle--${view?.type ?? 'info'}`]: true })}
        ?hidden=${!visible}
        @keydown=${this.handleKeyDown}
        @pointerdown=${this.handlePointerDown}
        @pointerup=${this.touch.up}
        @pointercancel=${this.touch.cancel}
        @mouseenter=${this.holds.hoverStart}
        @mouseleave=${this.holds.hoverEnd}
        @focusin=${this.holds.focusIn}
        @focusout=${this.holds.focusOut}
      >
        ${view?.avatar ? this.renderAvatar(view.avatar) : nothing}
        <div class="subtitle__body">
          ${view?.indicator ? renderIndicator(view.indicator) : nothing}
          ${view?.format === 'markdown'
            ? html`<div part="text" class="subtitle__text subtitle__text--markdown" ?hidden=${!hasText}>${markdown(view.displayText)}</div>`
            : html`<p part="text" class="subtitle__text" aria-hidden="true" ?hidden=${!hasText && !view?.streaming}>${view?.displayText ?? ''}${view?.streaming
                ? html`<span part="cursor" class="subtitle__cursor"></span>`
                : nothing}</p>`}
          ${view && (view.page || view.actions.length > 0)
            ? renderFooter(view, { copied: this.copyStatus.outcomeFor(view.text), onCopy: () => void this.copyStatus.copy(view) })
            : nothing}
          ${view?.prompt ? keyed(view.prompt.id, renderPrompt(view.prompt)) : nothing}
          ${placed.length > 0 ? this.renderSurfaces() : nothing}
        </div>
        ${view?.stop ? this.renderStop(view.stop) : nothing}
        <button
          part="close-button"
          class="subtitle__close"
          type="button"
          aria-label=${view?.closeButton.label ?? ''}
          ?hidden=${!view?.closable && placed.length === 0}
          @click=${this.handleCloseClick}
        >
          ${closeIcon}
        </button>
      </div>
    `;
  }

  private renderStop(stop: NonNullable<SubtitleView['stop']>): TemplateResult {
    return html`<button
        part="stop"
        class="subtitle__stop"
        type="button"
        aria-describedby=${stop.description ? 'stop-description' : nothing}
        @click=${this.handleStopClick}
      >${stopIcon}<span>${stop.label}</span></button
      >${stop.description ? html`<span id="stop-description" hidden>${stop.description}</span>` : nothing}`;
  }

  private renderSurfaces(): TemplateResult {
    const { controller, placed } = this.host;
    return html`<div part="surfaces" class="subtitle__surfaces">
      ${repeat(placed, (placement) => placement.id, (placement) => renderPlacedSurface(placement, { controller }))}
    </div>`;
  }

  private renderAvatar(avatar: NonNullable<SubtitleView['avatar']>): TemplateResult {
    const showImage = avatar.src !== undefined && avatar.src !== this.failedAvatar;
    return html`<span part="avatar" class="subtitle__avatar">${showImage
      ? html`<img part="avatar-image" src=${avatar.src!} alt=${avatar.label} @error=${() => this.avatarFailed(avatar.src)} />`
      : html`<span part="avatar-initials" role="img" aria-label=${avatar.label}>${avatar.initials}</span>`}</span>`;
  }

  /** Cancels the placed surface a key or click came from, else the newest; false when none is placed. */
  private cancelSurface(event?: Event): boolean {
    const { placed } = this.host;
    const placement = (event && placementOfEvent(event, placed)) ?? placed[placed.length - 1];
    if (!placement) return false;
    cancelPlacement(placement, placedSurfaceElement(this.host.element.shadowRoot, placement));
    return true;
  }

  /** A gesture of the document's binding, meant for this bar. */
  private handleGesture(intent: GestureIntent): void {
    const view = this.currentView();
    const controller = this.host.controller;
    if (!view || !controller) return;
    switch (intent) {
      case 'voice-start':
      case 'voice-end': {
        const starting = intent === 'voice-start';
        view.setListening(starting);
        const detail: VoiceGestureEvent = { source: 'space-hold' };
        controller.emit(starting ? 'voice_start' : 'voice_end', detail);
        this.host.element.emit(starting ? 'dddk-voice-start' : 'dddk-voice-end');
        return;
      }
      case 'dismiss':
        if (!view.gesture('dismiss')) this.requestClose('escape');
        return;
      default:
        view.gesture(intent);
    }
  }

  private avatarFailed(src: string | undefined): void {
    this.failedAvatar = src;
    this.host.element.requestUpdate();
  }

  // Taps and swipes inside a placed surface are the surface's own (scrolling it, pressing its pieces).
  private readonly handlePointerDown = (event: PointerEvent): void => {
    if (!placementOfEvent(event, this.host.placed)) this.touch.down(event);
  };

  private readonly handleStopClick = (): void => {
    this.host.view?.stopTask();
  };

  private readonly handleCloseClick = (): void => {
    this.requestClose('close-button');
  };

  // Keys pressed inside the bar that the document's gesture binding left alone.
  private readonly handleKeyDown = (event: KeyboardEvent): void => {
    this.host.view?.onKeyDown(event, {
      fromSurface: placementOfEvent(event, this.host.placed) !== undefined,
      cancelSurface: () => this.cancelSurface(event),
      requestClose: () => this.requestClose('escape'),
    });
  };

  // Keys pressed elsewhere on the page while a prompt waits; the bar's own keys reach handleKeyDown.
  private readonly handleDocumentKeyDown = (event: KeyboardEvent): void => {
    if (!event.composedPath().includes(this.host.element)) this.host.view?.prompt?.onPageKeyDown(event);
  };

  /** Returns whether the bar closed (a listener may cancel the request). */
  private requestClose(source: DddkRequestCloseSource | 'swipe'): boolean {
    const { element } = this.host;
    // `swipe` joins the event's documented sources; the shared event type does not list it yet.
    const request = element.emit('dddk-request-close', { detail: { source: source as DddkRequestCloseSource }, cancelable: true });
    if (request.defaultPrevented) return false;
    this.host.view?.close();
    // Closing the bar cancels the surfaces in it too: nothing would show them any more.
    for (const placement of [...this.host.placed]) cancelPlacement(placement, placedSurfaceElement(element.shadowRoot, placement));
    return true;
  }
}

function renderIndicator(indicator: NonNullable<SubtitleView['indicator']>): TemplateResult {
  return html`<span
    part="indicator indicator-${indicator.kind}"
    class="indicator indicator--${indicator.kind}"
    role="img"
    aria-label=${indicator.label}
    ><span class="indicator__dot"></span><span class="indicator__dot"></span><span class="indicator__dot"></span
  ></span>`;
}
