import { html, nothing, svg, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import type { DddkController } from '../../core/dddk.js';
import { controllerPalette } from '../../core/palette/controller-palette.js';
import { connectPalette, type PaletteView } from '../../core/palette/palette.connect.js';
import type { PaletteModel } from '../../core/palette/palette.types.js';
import { DddkElement } from '../internal/dddk-element.js';
import { FocusReturn } from '../internal/focus-return.js';
import { isComposingKey } from '../internal/key-targets.js';
import { ModelBinding } from '../internal/model-binding.js';
import { sharedStyles } from '../internal/shared.styles.js';
import { paletteStyles } from './palette.styles.js';

const searchIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><circle cx="7" cy="7" r="4.75" stroke="currentColor" stroke-width="1.5" fill="none"/><path d="M10.5 10.5l3.5 3.5" stroke="currentColor" stroke-width="1.5" stroke-linecap="round"/></svg>`;
const closeIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" fill="none"/></svg>`;

/**
 * @tagname dddk-palette
 * @summary The command palette: Ctrl+K (⌘K on a Mac) opens a modal with one field; Enter hands the
 * typed text to the agent (`controller.startAgent(text)`) and closes; Esc closes and gives focus back
 * to where it was. The field is a combobox over a listbox offering "Ask the agent: <text>". With the
 * `inline` attribute the panel sits in the page instead of a modal, and Ctrl+K focuses it.
 *
 * @event dddk-open - The palette opened.
 * @event dddk-close - The palette closed.
 * @event {DddkSubmitEvent} dddk-submit - The user submitted a text (`detail.text`). Cancelable:
 * `preventDefault()` keeps the text from the agent (the palette still closes).
 *
 * @csspart dialog - The modal `<dialog>` (absent in inline mode).
 * @csspart panel - The box holding the field, the suggestions and the hint.
 * @csspart input - The text field.
 * @csspart close-button - The close button (modal only).
 * @csspart listbox - The suggestions list.
 * @csspart option - A suggestion.
 * @csspart option-text - The typed text inside the "Ask the agent" suggestion.
 * @csspart hint - The keys, in words.
 *
 * @cssproperty --width - The panel's width.
 * @cssproperty --top - The distance between the modal and the top of the viewport.
 *
 * @cssstate open - The palette is open.
 */
export class DddkPalette extends DddkElement {
  static override styles = [sharedStyles, paletteStyles];

  /** The controller whose agent the palette drives; wins over `for` and the page default. */
  @property({ attribute: false }) accessor controller: DddkController | undefined = undefined;

  /** The id of a controller created with `createDddk({ id })`; without it the page default is used. */
  @property() accessor for: string | undefined = undefined;

  /** Renders the panel in the page instead of a modal dialog. */
  @property({ type: Boolean, reflect: true }) accessor inline = false;

  /** Turns off the Ctrl/⌘+K shortcut (e.g. when the page uses it itself); `open()` still works. */
  @property({ type: Boolean, attribute: 'no-shortcut' }) accessor noShortcut = false;

  private readonly binding = new ModelBinding<PaletteModel>(this, {
    select: controllerPalette,
    events: ['locale_change'],
  });

  private view: PaletteView | undefined;
  private wasOpen = false;
  private internals: ElementInternals | undefined;
  private readonly focusReturn = new FocusReturn(this);

  /** Whether the palette is open. */
  get isOpen(): boolean {
    return this.binding.model?.getState().open ?? false;
  }

  /** Opens the palette; focus goes to its field and comes back to the current element on close. */
  open(): void {
    this.binding.model?.open();
  }

  close(): void {
    this.binding.model?.close();
  }

  toggle(): void {
    this.binding.model?.toggle();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.internals && typeof this.attachInternals === 'function') this.internals = this.attachInternals();
    document.addEventListener('keydown', this.handleShortcut);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('keydown', this.handleShortcut);
    this.focusReturn.forget();
    this.wasOpen = false;
  }

  protected override update(changed: PropertyValues<this>): void {
    const { controller, model } = this.binding;
    this.view = controller && model ? connectPalette(model, controller.locale) : undefined;
    super.update(changed);
  }

  protected override render() {
    const view = this.view;
    if (this.inline) return html`<div class="palette palette--inline">${this.renderPanel(view)}</div>`;
    return html`
      <dialog
        part="dialog"
        class="palette"
        aria-label=${view?.dialogLabel ?? ''}
        @cancel=${this.handleDialogCancel}
        @close=${this.handleDialogClose}
        @click=${this.handleDialogClick}
      >
        ${this.renderPanel(view)}
      </dialog>
    `;
  }

  private renderPanel(view: PaletteView | undefined) {
    const input = view?.input;
    const options = view?.options ?? [];
    return html`
      <div part="panel" class="palette__panel" @keydown=${this.handleKeyDown}>
        <div class="palette__field">
          <span class="palette__icon">${searchIcon}</span>
          <label class="visually-hidden" for="palette-input">${input?.label ?? ''}</label>
          <input
            id="palette-input"
            part="input"
            class="palette__input"
            type="text"
            role=${input?.role ?? 'combobox'}
            aria-expanded=${input?.['aria-expanded'] ?? 'false'}
            aria-controls="palette-listbox"
            aria-autocomplete=${input?.['aria-autocomplete'] ?? 'list'}
            aria-activedescendant=${input?.['aria-activedescendant'] ?? nothing}
            aria-describedby="palette-hint"
            placeholder=${input?.placeholder ?? ''}
            autocomplete="off"
            autocapitalize="off"
            spellcheck="false"
            enterkeyhint="send"
            .value=${live(view?.query ?? '')}
            @input=${this.handleInput}
          />
          ${this.inline
            ? nothing
            : html`<button
                part="close-button"
                class="palette__close"
                type="button"
                aria-label=${view?.closeButton.label ?? ''}
                @click=${() => this.close()}
              >
                ${closeIcon}
              </button>`}
        </div>
        <ul id="palette-listbox" part="listbox" class="palette__listbox" role="listbox" aria-label=${view?.listbox.label ?? ''} ?hidden=${options.length === 0}>
          ${options.map(
            (option) => html`<li
              id=${option.id}
              part="option"
              class="palette__option"
              role="option"
              aria-selected="true"
              @click=${this.submit}
            >${option.prefix} <span part="option-text" class="palette__option-text">${option.text}</span></li>`,
          )}
        </ul>
        <p id="palette-hint" part="hint" class="palette__hint">${view?.hint ?? ''}</p>
        <div class="visually-hidden" role="status" aria-live="polite">${view?.status ?? ''}</div>
      </div>
    `;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const open = this.view?.open ?? false;
    this.setState('open', open);
    if (open === this.wasOpen) return;
    this.wasOpen = open;
    if (open) this.showPanel();
    else this.hidePanel();
    this.emit(open ? 'dddk-open' : 'dddk-close');
  }

  private get dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  private get input(): HTMLInputElement | null {
    return this.renderRoot.querySelector('input');
  }

  private showPanel(): void {
    this.focusReturn.remember();
    const dialog = this.dialog;
    if (dialog && !dialog.open) {
      try {
        dialog.showModal();
      } catch (error) {
        console.error('dddk: <dddk-palette> could not open its dialog', error);
      }
    }
    this.input?.focus();
  }

  private hidePanel(): void {
    const dialog = this.dialog;
    if (dialog?.open) dialog.close();
    else if (this.inline) this.input?.blur();
    this.focusReturn.restore();
  }

  private readonly handleInput = (event: InputEvent): void => {
    const model = this.binding.model;
    if (!model) return;
    const value = (event.target as HTMLInputElement).value;
    // Typing into the inline panel counts as opening it, so Esc and focus return work the same way.
    if (!model.getState().open) model.open();
    model.setQuery(value);
  };

  private readonly submit = (): void => {
    const view = this.view;
    const text = view?.query.trim();
    if (!view || !text) return;
    const request = this.emit('dddk-submit', { detail: { text }, cancelable: true });
    view.submit({ text, deliver: !request.defaultPrevented });
  };

  private readonly handleKeyDown = (event: KeyboardEvent): void => {
    if (isComposingKey(event)) return;
    if (event.key === 'Escape') {
      // Handled here rather than by the dialog's own cancel, so other Escape listeners on the page
      // (a pending subtitle prompt, say) do not also react to it.
      event.preventDefault();
      event.stopPropagation();
      this.close();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      this.submit();
    }
  };

  private readonly handleShortcut = (event: KeyboardEvent): void => {
    if (this.noShortcut || event.defaultPrevented || isComposingKey(event)) return;
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    // `code` covers keyboard layouts whose K key types another script; Latin layouts go by `key`.
    const key = event.key.toLowerCase();
    if (key !== 'k' && !(event.code === 'KeyK' && !/^[a-z]$/.test(key))) return;
    const model = this.binding.model;
    if (!model) return;
    event.preventDefault();
    if (this.inline && model.getState().open) this.input?.focus();
    else model.toggle();
  };

  private readonly handleDialogCancel = (event: Event): void => {
    event.preventDefault();
    this.close();
  };

  // The dialog closed by other means (e.g. a form with method="dialog"): bring the model along.
  private readonly handleDialogClose = (): void => {
    if (this.binding.model?.getState().open) this.close();
  };

  /** A click on the backdrop lands on the dialog itself, never on the panel inside it. */
  private readonly handleDialogClick = (event: MouseEvent): void => {
    if (event.composedPath()[0] === this.dialog) this.close();
  };

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
