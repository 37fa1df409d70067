import { adoptStyles, html, nothing, svg, type CSSResultOrNative, type ReactiveController } from 'lit';
import { classMap } from 'lit/directives/class-map.js';
import { keyed } from 'lit/directives/keyed.js';
import { repeat } from 'lit/directives/repeat.js';
import type { GestureIntent, GestureThresholds } from '../../core/input/gesture.types.js';
import type { VoiceGestureEvent } from '../../core/input/voice.events.js';
import { controllerPalette } from '../../core/palette/controller-palette.js';
import type { SubtitlePromptView } from '../../core/subtitle/prompt.connect.js';
import { connectSubtitle, type SubtitleView } from '../../core/subtitle/subtitle.connect.js';
import type { SubtitleModel } from '../../core/subtitle/subtitle.types.js';
import type { PlacedSurface } from '../../core/surface/controller-surfaces.js';
import type { Placement } from '../../core/surface/placements.js';
import { cancelPlacement, focusFirstControl, placedSurfaceElement, placementOfEvent, renderPlacedSurface } from '../surface/placed-surface.js';
import { defineSurface } from '../surface/surface.js';
import type { DddkRequestCloseSource } from '../events/request-close.js';
import type { DddkElement } from '../internal/dddk-element.js';
import { composedContains, FocusReturn } from '../internal/focus-return.js';
import { deepActiveElement } from '../../core/page/deep-active-element.js';
import { markdown } from '../internal/markdown/markdown.directive.js';
import type { ModelBinding } from '../internal/model-binding.js';
import { SubtitleGestures } from './subtitle-gestures.js';
import { SubtitleTouch } from './subtitle-touch.js';
import { subtitleStyles } from './subtitle.styles.js';

const stopIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><rect x="3.5" y="3.5" width="9" height="9" rx="1.5" fill="currentColor"/></svg>`;
const closeIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" fill="none"/></svg>`;

/** What the bar's view needs from its element. */
export interface SubtitleUiHost extends DddkElement {
  readonly gestureThresholds: Partial<GestureThresholds> | undefined;
}

/**
 * Everything `<dddk-subtitle>` does once it has something to show: the bar's template and styles,
 * markdown, the buttons and the prompt, the keys, the document's gesture binding and touch. It lives
 * in its own chunk so that a page whose bar never shows never downloads it.
 */
export class SubtitleUi implements ReactiveController {
  /** The outcome of the last copy, for the text it copied, while its status shows. */
  private copyOutcome: { text: string; copied: boolean } | undefined;
  /** The avatar image that failed to load; its initials show instead. */
  private failedAvatar: string | undefined;
  private view: SubtitleView | undefined;
  /** The surfaces placed in the bar, in mount order. */
  private placed: readonly Placement<PlacedSurface>[] = [];
  private shownPlacementIds = new Set<number>();
  private shownPromptId: number | undefined;
  /** The focused Stop button is going with its task; focus should stay in the bar. */
  private stopLosesFocus = false;
  private releaseHover: (() => void) | undefined;
  private releaseFocus: (() => void) | undefined;
  private copiedTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly focusReturn: FocusReturn;
  private readonly touch = new SubtitleTouch({
    onSwipeDown: () => this.requestClose('swipe'),
    onTap: () => void this.currentView()?.onTap(),
  });

  constructor(
    private readonly host: SubtitleUiHost,
    private readonly binding: ModelBinding<SubtitleModel>,
    baseStyles: readonly CSSResultOrNative[],
  ) {
    if (host.shadowRoot) adoptStyles(host.shadowRoot, [...baseStyles, subtitleStyles]);
    defineSurface();
    this.focusReturn = new FocusReturn(host);
    new SubtitleGestures(host, {
      // Keys typed in a placed surface are its own: Space, Tab and Esc then do not answer the bar.
      view: () => (this.focusInSurface() ? undefined : this.currentView()),
      paletteOpen: () => {
        const controller = this.binding.controller;
        return controller ? controllerPalette(controller).getState().open : false;
      },
      thresholds: () => host.gestureThresholds,
      onIntent: (intent) => this.handleGesture(intent),
    });
    // Joins the host's lifecycle; called at once when the host is connected already.
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('keydown', this.handleDocumentKeyDown);
  }

  hostDisconnected(): void {
    document.removeEventListener('keydown', this.handleDocumentKeyDown);
    this.releaseAutoHideHolds();
    clearTimeout(this.copiedTimer);
    this.shownPromptId = undefined;
    this.shownPlacementIds.clear();
    this.focusReturn.forget();
  }

  /** The view of the model as it is now (the rendered one may be a frame old when a key arrives). */
  private currentView(): SubtitleView | undefined {
    const { controller, model } = this.binding;
    return controller && model ? connectSubtitle(model, controller.locale) : undefined;
  }

  private focusInSurface(): boolean {
    const surfaces = this.host.shadowRoot?.querySelector('.subtitle__surfaces');
    return surfaces ? composedContains(surfaces, deepActiveElement()) : false;
  }

  /** Takes the view the element is about to render, and the surfaces placed in the bar. */
  update(view: SubtitleView | undefined, placed: readonly Placement<PlacedSurface>[] = []): void {
    const stopLeaves = this.view?.stop !== undefined && view?.stop === undefined;
    this.stopLosesFocus = stopLeaves && this.host.shadowRoot?.activeElement?.classList.contains('subtitle__stop') === true;
    this.view = view;
    this.placed = placed;
    if (!view?.visible && placed.length === 0) this.releaseAutoHideHolds();
  }

  /** The bar (the live region is the element's own, so that it exists before the first message). */
  render() {
    const view = this.view;
    const visible = (view?.visible ?? false) || this.placed.length > 0;
    const type = view?.type ?? 'info';
    const prompt = view?.prompt;
    const hasText = (view?.displayText ?? '') !== '';
    return html`
      <div
        part="base"
        class=${classMap({ subtitle: true, [`subtitle--${type}`]: true })}
        ?hidden=${!visible}
        @keydown=${this.handleKeyDown}
        @pointerdown=${this.handlePointerDown}
        @pointerup=${this.touch.up}
        @pointercancel=${this.touch.cancel}
        @mouseenter=${this.handleHoverStart}
        @mouseleave=${this.handleHoverEnd}
        @focusin=${this.handleFocusIn}
        @focusout=${this.handleFocusOut}
      >
        ${view?.avatar ? this.renderAvatar(view.avatar) : nothing}
        <div class="subtitle__body">
          ${view?.indicator
            ? html`<span
                part="indicator indicator-${view.indicator.kind}"
                class="indicator indicator--${view.indicator.kind}"
                role="img"
                aria-label=${view.indicator.label}
                ><span class="indicator__dot"></span><span class="indicator__dot"></span><span class="indicator__dot"></span
              ></span>`
            : nothing}
          ${view?.format === 'markdown'
            ? html`<div part="text" class="subtitle__text subtitle__text--markdown" ?hidden=${!hasText}>${markdown(view.displayText)}</div>`
            : html`<p part="text" class="subtitle__text" aria-hidden="true" ?hidden=${!hasText && !view?.streaming}>${view?.displayText ?? ''}${view?.streaming
                ? html`<span part="cursor" class="subtitle__cursor"></span>`
                : nothing}</p>`}
          ${view && (view.page || view.actions.length > 0) ? this.renderFooter(view) : nothing}
          ${prompt ? keyed(prompt.id, this.renderPrompt(prompt)) : nothing}
          ${this.placed.length > 0 ? this.renderSurfaces() : nothing}
        </div>
        ${view?.stop ? this.renderStop(view.stop) : nothing}
        <button
          part="close-button"
          class="subtitle__close"
          type="button"
          aria-label=${view?.closeButton.label ?? ''}
          ?hidden=${!view?.closable && this.placed.length === 0}
          @click=${this.handleCloseClick}
        >
          ${closeIcon}
        </button>
      </div>
    `;
  }

  private renderStop(stop: NonNullable<SubtitleView['stop']>) {
    return html`<button
        part="stop"
        class="subtitle__stop"
        type="button"
        aria-describedby=${stop.description ? 'stop-description' : nothing}
        @click=${this.handleStopClick}
      >${stopIcon}<span>${stop.label}</span></button
      >${stop.description ? html`<span id="stop-description" hidden>${stop.description}</span>` : nothing}`;
  }

  private renderSurfaces() {
    const controller = this.binding.controller;
    return html`<div part="surfaces" class="subtitle__surfaces">
      ${repeat(this.placed, (placement) => placement.id, (placement) => renderPlacedSurface(placement, { controller }))}
    </div>`;
  }

  private renderAvatar(avatar: NonNullable<SubtitleView['avatar']>) {
    const showImage = avatar.src !== undefined && avatar.src !== this.failedAvatar;
    return html`<span part="avatar" class="subtitle__avatar">${showImage
      ? html`<img part="avatar-image" src=${avatar.src!} alt=${avatar.label} @error=${() => this.avatarFailed(avatar.src)} />`
      : html`<span part="avatar-initials" role="img" aria-label=${avatar.label}>${avatar.initials}</span>`}</span>`;
  }

  private renderFooter(view: SubtitleView) {
    const outcome = this.copyOutcome?.text === view.text ? this.copyOutcome : undefined;
    return html`<div part="footer" class="subtitle__footer">
      ${view.page
        ? html`<span part="page" class="subtitle__page"
            ><span aria-hidden="true">${view.page.counter}</span><span class="visually-hidden">${view.page.label}</span></span
          >${view.page.hint ? html`<span part="page-hint" class="subtitle__page-hint">${view.page.hint}</span>` : nothing}`
        : nothing}
      ${view.actions.length > 0
        ? html`<div part="actions" class="subtitle__actions">
            ${view.actions.map(
              ({ action, label }) => html`<button
                type="button"
                part="action action-${action}"
                class=${classMap({ subtitle__action: true, 'subtitle__action--primary': action === 'accept' })}
                data-action=${action}
                @click=${() => (action === 'copy' ? this.copy() : view.act(action))}
              >${label}</button>`,
            )}
          </div>`
        : nothing}
      <span part="copy-status" class="subtitle__copy-status" role="status"
        >${outcome ? (outcome.copied ? view.copyStatus.copied : view.copyStatus.failed) : ''}</span
      >
    </div>`;
  }

  private renderPrompt(prompt: SubtitlePromptView) {
    return html`
      <div
        part="prompt"
        class=${classMap({ prompt: true, [`prompt--${prompt.kind}`]: true })}
        role="group"
        aria-labelledby="prompt-message"
        aria-describedby="prompt-hint"
      >
        <p id="prompt-message" part="prompt-message" class="prompt__message">${prompt.message}</p>
        ${prompt.options.length > 0
          ? html`<div part="prompt-options" class="prompt__options">
              ${prompt.options.map(
                (option) => html`<button
                  type="button"
                  part="prompt-option"
                  class="prompt__option"
                  aria-keyshortcuts=${option.shortcut ?? nothing}
                  @click=${() => prompt.choose(option.value)}
                >${option.shortcut
                  ? html`<kbd part="prompt-shortcut" class="prompt__shortcut" aria-hidden="true">${option.shortcut}</kbd>`
                  : nothing}<span>${option.label}</span></button>`,
              )}
            </div>`
          : nothing}
        ${prompt.textField
          ? html`<form part="prompt-form" class="prompt__form" @submit=${this.handlePromptSubmit}>
              <label class="prompt__label" for="prompt-input">${prompt.textField.label}</label>
              <div class="prompt__field-row">
                <input
                  id="prompt-input"
                  part="prompt-input"
                  class="prompt__input"
                  name="answer"
                  type="text"
                  autocomplete="off"
                  placeholder=${prompt.textField.placeholder || nothing}
                />
                <button type="submit" part="prompt-button prompt-submit" class="prompt__button prompt__button--primary">
                  ${prompt.textField.submitLabel}
                </button>
              </div>
            </form>`
          : nothing}
        <div part="prompt-actions" class="prompt__actions">
          ${prompt.buttons.map(
            (button) => html`<button
              type="button"
              part="prompt-button prompt-${button.action}"
              class=${classMap({ prompt__button: true, 'prompt__button--primary': button.primary })}
              data-action=${button.action}
              @click=${() => (button.action === 'accept' ? prompt.accept() : prompt.reject())}
            >${button.label}</button>`,
          )}
        </div>
        <p id="prompt-hint" part="prompt-hint" class="prompt__hint">${prompt.hint}</p>
      </div>
    `;
  }

  /** Runs once the bar is in the DOM. */
  updated(): void {
    this.movePromptFocus();
    this.moveSurfaceFocus();
    this.keepFocusAfterStop();
  }

  /** A keyboard user who stopped the task stays in the bar (on its close button) rather than back at the page's start. */
  private keepFocusAfterStop(): void {
    if (!this.stopLosesFocus) return;
    this.stopLosesFocus = false;
    const root = this.host.shadowRoot;
    // A prompt or surface that took focus meanwhile keeps it.
    if (!root || root.activeElement) return;
    const close = root.querySelector<HTMLElement>('.subtitle__close');
    if (close && !close.hidden && !close.closest('[hidden]')) close.focus({ preventScroll: true });
  }

  /** Focus enters a newly placed surface; once the last one is gone, it goes back to where it was. */
  private moveSurfaceFocus(): void {
    const ids = new Set(this.placed.map((placement) => placement.id));
    const added = this.placed.filter((placement) => !this.shownPlacementIds.has(placement.id));
    const hadSurfaces = this.shownPlacementIds.size > 0;
    this.shownPlacementIds = ids;
    const newest = added[added.length - 1];
    if (newest) {
      this.focusReturn.remember();
      const element = placedSurfaceElement(this.host.shadowRoot, newest);
      if (element) void focusFirstControl(element);
      return;
    }
    if (hadSurfaces && ids.size === 0 && !this.view?.prompt) this.focusReturn.restore();
  }

  /** Cancels the placed surface a key or click came from, else the newest; false when none is placed. */
  private cancelSurface(event?: Event): boolean {
    const placement = (event && placementOfEvent(event, this.placed)) ?? this.placed[this.placed.length - 1];
    if (!placement) return false;
    cancelPlacement(placement, placedSurfaceElement(this.host.shadowRoot, placement));
    return true;
  }

  /** A gesture of the document's binding, meant for this bar. */
  private handleGesture(intent: GestureIntent): void {
    const view = this.currentView();
    const controller = this.binding.controller;
    if (!view || !controller) return;
    switch (intent) {
      case 'voice-start':
      case 'voice-end': {
        const starting = intent === 'voice-start';
        view.setListening(starting);
        const detail: VoiceGestureEvent = { source: 'space-hold' };
        controller.emit(starting ? 'voice_start' : 'voice_end', detail);
        this.host.emit(starting ? 'dddk-voice-start' : 'dddk-voice-end');
        return;
      }
      case 'dismiss':
        if (!view.gesture('dismiss')) this.requestClose('escape');
        return;
      default:
        view.gesture(intent);
    }
  }

  /** Focus enters a new prompt; once no prompt is left, it goes back to where it was. */
  private movePromptFocus(): void {
    const prompt = this.view?.prompt;
    if (prompt?.id === this.shownPromptId) return;
    this.shownPromptId = prompt?.id;
    if (!prompt) {
      this.focusReturn.restore();
      return;
    }
    this.focusReturn.remember();
    const selector = {
      'primary-button': '.prompt__button--primary[data-action]',
      'first-option': '.prompt__option',
      'text-field': '.prompt__input',
    }[prompt.initialFocus];
    this.host.shadowRoot?.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true });
  }

  private avatarFailed(src: string | undefined): void {
    this.failedAvatar = src;
    this.host.requestUpdate();
  }

  private async copy(): Promise<void> {
    const view = this.view;
    if (!view) return;
    const text = view.text;
    let copied = true;
    try {
      // Absent outside secure contexts (an http page); that counts as a refusal.
      await navigator.clipboard.writeText(text);
    } catch {
      copied = false;
    }
    if (copied) view.act('copy');
    this.copyOutcome = { text, copied };
    this.host.requestUpdate();
    clearTimeout(this.copiedTimer);
    this.copiedTimer = setTimeout(() => {
      this.copyOutcome = undefined;
      this.host.requestUpdate();
    }, 2000);
  }

  // Taps and swipes inside a placed surface are the surface's own (scrolling it, pressing its pieces).
  private readonly handlePointerDown = (event: PointerEvent): void => {
    if (!placementOfEvent(event, this.placed)) this.touch.down(event);
  };

  // The pointer or focus on the bar keeps an auto-hiding message up while the user reads or acts.
  private readonly handleHoverStart = (): void => {
    this.releaseHover ??= this.binding.model?.holdAutoHide();
  };

  private readonly handleHoverEnd = (): void => {
    this.releaseHover?.();
    this.releaseHover = undefined;
  };

  private readonly handleFocusIn = (): void => {
    this.releaseFocus ??= this.binding.model?.holdAutoHide();
  };

  private readonly handleFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget;
    if (next instanceof Node && this.host.shadowRoot?.contains(next)) return;
    this.releaseFocus?.();
    this.releaseFocus = undefined;
  };

  private releaseAutoHideHolds(): void {
    this.handleHoverEnd();
    this.releaseFocus?.();
    this.releaseFocus = undefined;
  }

  private readonly handlePromptSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    const input = (event.currentTarget as HTMLFormElement).elements.namedItem('answer');
    if (input instanceof HTMLInputElement) this.view?.prompt?.submitText(input.value);
  };

  private readonly handleStopClick = (): void => {
    this.view?.stopTask();
  };

  private readonly handleCloseClick = (): void => {
    this.requestClose('close-button');
  };

  // Keys pressed inside the bar that the document's gesture binding left alone.
  private readonly handleKeyDown = (event: KeyboardEvent): void => {
    this.view?.onKeyDown(event, {
      fromSurface: placementOfEvent(event, this.placed) !== undefined,
      cancelSurface: () => this.cancelSurface(event),
      requestClose: () => this.requestClose('escape'),
    });
  };

  // Keys pressed elsewhere on the page while a prompt waits; the bar's own keys reach handleKeyDown.
  private readonly handleDocumentKeyDown = (event: KeyboardEvent): void => {
    if (!event.composedPath().includes(this.host)) this.view?.prompt?.onPageKeyDown(event);
  };

  /** Returns whether the bar closed (a listener may cancel the request). */
  private requestClose(source: DddkRequestCloseSource | 'swipe'): boolean {
    // `swipe` joins the event's documented sources; the shared event type does not list it yet.
    const request = this.host.emit('dddk-request-close', { detail: { source: source as DddkRequestCloseSource }, cancelable: true });
    if (request.defaultPrevented) return false;
    this.view?.close();
    // Closing the bar cancels the surfaces in it too: nothing would show them any more.
    for (const placement of [...this.placed]) cancelPlacement(placement, placedSurfaceElement(this.host.shadowRoot, placement));
    return true;
  }
}
