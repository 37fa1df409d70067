import { html, nothing, svg, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import { keyed } from 'lit/directives/keyed.js';
import type { DddkController } from '../../core/dddk.js';
import type { SubtitlePromptView } from '../../core/subtitle/prompt.connect.js';
import { connectSubtitle, type SubtitleView } from '../../core/subtitle/subtitle.connect.js';
import type { SubtitleModel } from '../../core/subtitle/subtitle.types.js';
import type { DddkRequestCloseSource } from '../events/request-close.js';
import { DddkElement } from '../internal/dddk-element.js';
import { FocusReturn } from '../internal/focus-return.js';
import { hasCommandModifier, isComposingKey, isEditableTarget, isKeyActivatedControl, keyTarget } from '../internal/key-targets.js';
import { ModelBinding } from '../internal/model-binding.js';
import { sharedStyles } from '../internal/shared.styles.js';
import { subtitleStyles } from './subtitle.styles.js';

const closeIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" fill="none"/></svg>`;

/**
 * @tagname dddk-subtitle
 * @summary The bar in which the agent narrates and notices appear. It renders the subtitle model of
 * its controller; a polite live region reads the text aloud a sentence at a time. When the agent
 * asks something (a confirmation, a choice, a typed answer) or pauses, the question appears in the
 * bar as a labelled group that takes focus and gives it back once answered. Space or Enter accepts,
 * Esc rejects or dismisses, digits 1–9 pick a choice; outside the bar these keys are taken only when
 * the page's own fields and controls would not use them.
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
 * @csspart prompt - The pending question or pause hint (a `role="group"` labelled by its message).
 * @csspart prompt-message - The question's text.
 * @csspart prompt-options - The list of a choice's options.
 * @csspart prompt-option - One option of a choice.
 * @csspart prompt-shortcut - The digit shown on an option.
 * @csspart prompt-form - The text field and its send button.
 * @csspart prompt-input - The text field.
 * @csspart prompt-actions - The row of accept / reject buttons.
 * @csspart prompt-button - Every prompt button; `prompt-accept`, `prompt-reject` and `prompt-submit` name each kind.
 * @csspart prompt-hint - The keys that answer, in words.
 *
 * @cssproperty --max-width - The widest the bar may grow.
 * @cssproperty --offset - The distance between the bar and the bottom (or top) edge of the viewport.
 *
 * @cssstate visible - The bar is showing.
 * @cssstate streaming - Text is streaming in.
 * @cssstate prompting - A question or pause hint waits for the user.
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
  private shownPromptId: number | undefined;
  private readonly focusReturn = new FocusReturn(this);

  override connectedCallback(): void {
    super.connectedCallback();
    // html2canvas cannot paint shadow DOM; screenshots of the page should leave the bar out anyway.
    if (!this.hasAttribute('data-html2canvas-ignore')) this.setAttribute('data-html2canvas-ignore', '');
    if (!this.internals && typeof this.attachInternals === 'function') this.internals = this.attachInternals();
    document.addEventListener('keydown', this.handleDocumentKeyDown);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('keydown', this.handleDocumentKeyDown);
    this.shownPromptId = undefined;
    this.focusReturn.forget();
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
    const prompt = view?.prompt;
    return html`
      <div
        part="base"
        class=${classMap({ subtitle: true, [`subtitle--${type}`]: true })}
        ?hidden=${!visible}
        @keydown=${this.handleKeyDown}
      >
        <div class="subtitle__body">
          <p part="text" class="subtitle__text" aria-hidden="true" ?hidden=${!view?.text && !!prompt}>${view?.text ?? ''}${view?.streaming
            ? html`<span part="cursor" class="subtitle__cursor"></span>`
            : nothing}</p>
          ${prompt ? keyed(prompt.id, this.renderPrompt(prompt)) : nothing}
        </div>
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

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const visible = this.view?.visible ?? false;
    this.setState('visible', visible);
    this.setState('streaming', this.view?.streaming ?? false);
    this.setState('prompting', this.view?.prompt !== undefined);
    this.movePromptFocus();
    if (visible === this.wasVisible) return;
    this.wasVisible = visible;
    this.emit(visible ? 'dddk-show' : 'dddk-hide');
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
    const root = this.shadowRoot;
    const selector = {
      'primary-button': '.prompt__button--primary[data-action]',
      'first-option': '.prompt__option',
      'text-field': '.prompt__input',
    }[prompt.initialFocus];
    root?.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true });
  }

  private readonly handlePromptSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    const input = (event.currentTarget as HTMLFormElement).elements.namedItem('answer');
    if (input instanceof HTMLInputElement) this.view?.prompt?.submitText(input.value);
  };

  private readonly handleCloseClick = (): void => {
    this.requestClose('close-button');
  };

  // Keys pressed inside the bar.
  private readonly handleKeyDown = (event: KeyboardEvent): void => {
    if (isComposingKey(event)) return;
    const prompt = this.view?.prompt;
    if (event.key === 'Escape') {
      if (prompt) {
        prompt.reject();
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      // The page's own Escape handlers (e.g. a dialog underneath) should not also fire for this close.
      if (this.requestClose('escape')) event.stopPropagation();
      return;
    }
    if (prompt && this.answerByKey(prompt, event, keyTarget(event))) event.preventDefault();
  };

  // Keys pressed elsewhere on the page while a prompt waits; the page's fields and controls keep theirs.
  private readonly handleDocumentKeyDown = (event: KeyboardEvent): void => {
    const prompt = this.view?.prompt;
    if (!prompt || event.defaultPrevented || isComposingKey(event) || hasCommandModifier(event)) return;
    if (event.composedPath().includes(this)) return;
    const target = keyTarget(event);
    if (isEditableTarget(target)) return;
    const handled = event.key === 'Escape' ? prompt.reject() : this.answerByKey(prompt, event, target);
    if (handled) event.preventDefault();
  };

  /** Digits pick a choice; Space and Enter accept unless a control of their own has focus. */
  private answerByKey(prompt: SubtitlePromptView, event: KeyboardEvent, target: Element | undefined): boolean {
    if (hasCommandModifier(event) || isEditableTarget(target)) return false;
    if (/^[1-9]$/.test(event.key)) return prompt.chooseByShortcut(event.key);
    if ((event.key === ' ' || event.key === 'Enter') && !isKeyActivatedControl(target)) return prompt.accept();
    return false;
  }

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
