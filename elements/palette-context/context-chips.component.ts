import { html, nothing, svg, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { ACCEPTED_IMAGE_TYPES } from '../../core/palette/context/image-data.js';
import { connectContextChips, type ContextChipView, type ContextChipsView } from '../../core/palette/context/palette-context.connect.js';
import type { ContextChipKind, PaletteContextModel } from '../../core/palette/context/palette-context.types.js';
import type { DddkCaptureOutcome } from '../events/capture-end.js';
import type { DddkPickOutcome } from '../events/pick-end.js';
import { DddkElement } from '../internal/dddk-element.js';
import { sharedStyles } from '../internal/shared.styles.js';
import { contextChipsStyles } from './context-chips.styles.js';
import { lazyModule } from '../../core/util/lazy-module.js';

// The pickers and the screen capture load when the visitor first uses them.
const captureModule = lazyModule('the screen capture', () => import('../../core/page/context-capture/capture-area.js'));
const pickModules = lazyModule('the element picker', () =>
  Promise.all([import('../../core/page/context-capture/pick-element.js'), import('../../core/page/context-capture/pinnable-element.js')]),
);

const icon = (body: ReturnType<typeof svg>) =>
  svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;

const ICONS: Record<ContextChipKind | 'attach' | 'capture' | 'pin' | 'remove' | 'pending', ReturnType<typeof svg>> = {
  selection: icon(svg`<path d="M3 4h10M3 8h10M3 12h6"/>`),
  element: icon(svg`<rect x="2.5" y="2.5" width="11" height="11" rx="1.5" stroke-dasharray="2 2"/><path d="M7 7l5 2-2 1-1 2z"/>`),
  image: icon(svg`<rect x="2" y="3" width="12" height="10" rx="1.5"/><circle cx="6" cy="6.5" r="1"/><path d="M2.5 12l4-4 3 3 2-2 2.5 2.5"/>`),
  error: icon(svg`<circle cx="8" cy="8" r="6"/><path d="M8 4.75v3.75M8 11v.25"/>`),
  attach: icon(svg`<path d="M10.5 4.5l-5 5a1.75 1.75 0 002.5 2.5l5.25-5.25a3 3 0 00-4.25-4.25L3.75 7.75a4.25 4.25 0 006 6l4-4"/>`),
  capture: icon(svg`<path d="M4.5 1.5v9.5a.5.5 0 00.5.5h9.5M1.5 4.5h9.5a.5.5 0 01.5.5v9.5"/>`),
  pin: icon(svg`<path d="M2.5 6V3.5a1 1 0 011-1H6M10 2.5h2.5a1 1 0 011 1V6M2.5 10v2.5a1 1 0 001 1H6"/><path d="M8.5 8.5l5 2-2.25 1-1 2.25z"/>`),
  remove: icon(svg`<path d="M4.5 4.5l7 7m0-7l-7 7"/>`),
  pending: icon(svg`<circle cx="8" cy="8" r="5.5" stroke-dasharray="8 4"/>`),
};

/**
 * @tagname dddk-context-chips
 * @summary The row above the palette's input that shows what goes with the visitor's request: the
 * text they had selected, elements they pinned, images they attached or captured. Each chip has a
 * remove button; an image that cannot be added shows as an error chip with the reason. The "attach
 * image" button opens a file picker (PNG, JPEG, WebP, GIF); the "capture area" button lets the
 * visitor drag a rectangle on the page (or use the arrow keys and Enter) and adds a picture of it;
 * the "pin an element" button lets them point at a page element (or step through the page's
 * elements with the arrow keys and press Enter) and pins it as an element chip.
 * A polite live region announces each addition and removal. It renders the `model` it is given
 * (`createPaletteContextModel()`); `model.toContext()` is what to pass to `startAgent`.
 *
 * @event dddk-capture-start - The visitor started choosing an area; a modal host may hide itself meanwhile.
 * @event {DddkCaptureEndEvent} dddk-capture-end - Choosing and capturing is over (`detail.outcome`:
 * `captured`, `cancelled` or `failed`).
 * @event dddk-pick-start - The visitor started choosing an element to pin; a modal host may hide itself meanwhile.
 * @event {DddkPickEndEvent} dddk-pick-end - Choosing an element is over (`detail.outcome`: `picked` or `cancelled`).
 *
 * @csspart base - The row (a labelled group).
 * @csspart chips - The list of chips.
 * @csspart chip - Every chip; `chip-selection`, `chip-element`, `chip-image`, `chip-error`, `chip-pending` name each kind, `chip-gone` a pinned element that left the page.
 * @csspart chip-icon - A chip's icon.
 * @csspart chip-thumbnail - An image chip's thumbnail.
 * @csspart chip-label - A chip's text.
 * @csspart chip-remove - A chip's remove button.
 * @csspart actions - The buttons after the chips.
 * @csspart attach-button - Opens the file picker.
 * @csspart capture-button - Starts choosing an area of the page.
 * @csspart pin-button - Starts choosing an element of the page to pin.
 * @csspart live-region - The visually hidden announcements.
 *
 * @cssproperty --chip-max-width - The widest a chip may grow before its label is cut.
 */
export class DddkContextChips extends DddkElement {
  static override styles = [sharedStyles, contextChipsStyles];

  /** The context model to render and change. */
  @property({ attribute: false }) accessor model: PaletteContextModel | undefined = undefined;

  /** The language of the element's words (`en`, `zh-TW`); defaults to the page's `lang`, else the browser's. */
  @property() accessor locale: string | undefined = undefined;

  /** Hides the "attach image" button. */
  @property({ type: Boolean, attribute: 'no-upload', reflect: true }) accessor noUpload = false;

  /** Hides the "capture area" button. */
  @property({ type: Boolean, attribute: 'no-capture', reflect: true }) accessor noCapture = false;

  /** Hides the "pin an element" button. */
  @property({ type: Boolean, attribute: 'no-pin', reflect: true }) accessor noPin = false;

  private unsubscribe: (() => void) | undefined;
  private subscribed: PaletteContextModel | undefined;
  private view: ContextChipsView | undefined;
  /** Where focus goes after a chip was removed with its own button: the chip now at this index. */
  private focusAfterRemoval: number | undefined;
  private capturing = false;
  private picking = false;

  override connectedCallback(): void {
    super.connectedCallback();
    // A screenshot of the page should not show the kit's own chrome.
    if (!this.hasAttribute('data-html2canvas-ignore')) this.setAttribute('data-html2canvas-ignore', '');
    this.subscribe();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.subscribed = undefined;
  }

  private subscribe(): void {
    if (this.subscribed === this.model && this.unsubscribe) return;
    this.unsubscribe?.();
    this.subscribed = this.model;
    this.unsubscribe = this.model?.subscribe(() => this.requestUpdate());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('model') && this.isConnected) this.subscribe();
    this.view = this.model ? connectContextChips(this.model, this.resolvedLocale()) : undefined;
  }

  private resolvedLocale(): string {
    if (this.locale) return this.locale;
    const lang = this.closest('[lang]')?.getAttribute('lang') || (typeof navigator === 'undefined' ? '' : navigator.language);
    return lang || 'en';
  }

  protected override render() {
    const view = this.view;
    if (!view) return nothing;
    return html`
      <div part="base" class="base" role="group" aria-label=${view.label} aria-busy=${view.busy ? 'true' : 'false'}>
        <ul part="chips" class="chips" ?hidden=${view.chips.length === 0 && !view.busy}>
          ${view.chips.map((chip) => this.renderChip(chip))}
          ${view.busy
            ? html`<li part="chip chip-pending" class="chip chip--pending"><span part="chip-icon" class="chip__icon">${ICONS.pending}</span><span part="chip-label" class="chip__label">${view.busyLabel}</span></li>`
            : nothing}
        </ul>
        <div part="actions" class="actions" ?hidden=${this.noUpload && this.noCapture && this.noPin}>
          <button part="attach-button" class="action" type="button" aria-label=${view.attachLabel} title=${view.attachLabel} ?hidden=${this.noUpload} @click=${this.openFilePicker}>
            ${ICONS.attach}
          </button>
          <button part="capture-button" class="action" type="button" aria-label=${view.captureLabel} title=${view.captureLabel} ?hidden=${this.noCapture} @click=${this.captureArea}>
            ${ICONS.capture}
          </button>
          <button part="pin-button" class="action" type="button" aria-label=${view.pinLabel} title=${view.pinLabel} ?hidden=${this.noPin} @click=${this.pinElement}>
            ${ICONS.pin}
          </button>
          <input class="file-input" type="file" accept=${ACCEPTED_IMAGE_TYPES.join(',')} multiple hidden tabindex="-1" aria-label=${view.attachLabel} @change=${this.handleFiles} />
        </div>
      </div>
      <div part="live-region" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${view.announcement}</div>
    `;
  }

  private renderChip(chip: ContextChipView) {
    const parts = `chip chip-${chip.kind}${chip.gone ? ' chip-gone' : ''}`;
    return html`<li part=${parts} class="chip chip--${chip.kind}${chip.gone ? ' chip--gone' : ''}" title=${chip.description} data-chip=${chip.id}>
      ${chip.thumbnail
        ? html`<img part="chip-thumbnail" class="chip__thumbnail" src=${chip.thumbnail} alt="" />`
        : html`<span part="chip-icon" class="chip__icon">${ICONS[chip.kind]}</span>`}
      <span part="chip-label" class="chip__label"><span class="visually-hidden">${chip.kindLabel}: </span>${chip.label}${chip.gone
        ? html`<span class="visually-hidden"> (${chip.description})</span>`
        : nothing}</span>
      <button part="chip-remove" class="chip__remove" type="button" aria-label=${chip.removeLabel} @click=${() => this.removeChip(chip.id)}>${ICONS.remove}</button>
    </li>`;
  }

  private removeChip(id: string): void {
    const index = this.model?.chips.findIndex((chip) => chip.id === id) ?? -1;
    if (index < 0 || !this.model?.remove(id)) return;
    this.focusAfterRemoval = index;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.focusAfterRemoval === undefined) return;
    const index = this.focusAfterRemoval;
    this.focusAfterRemoval = undefined;
    // The button that was pressed is gone: focus the chip that took its place, else the previous one, else the first action.
    const root = this.shadowRoot;
    const removeButtons = [...(root?.querySelectorAll<HTMLButtonElement>('.chip__remove') ?? [])];
    const next = removeButtons[Math.min(index, removeButtons.length - 1)] ?? root?.querySelector<HTMLButtonElement>('.action:not([hidden])');
    next?.focus();
  }

  private readonly openFilePicker = (): void => {
    this.shadowRoot?.querySelector<HTMLInputElement>('.file-input')?.click();
  };

  private readonly handleFiles = async (event: Event): Promise<void> => {
    const input = event.currentTarget as HTMLInputElement;
    const files = [...(input.files ?? [])];
    // The same file may be chosen again later.
    input.value = '';
    for (const file of files) await this.model?.addImageFile(file);
  };

  private readonly captureArea = async (): Promise<void> => {
    const model = this.model;
    const view = this.view;
    if (!model || !view || this.capturing) return;
    this.capturing = true;
    this.emit('dddk-capture-start');
    let outcome: DddkCaptureOutcome = 'failed';
    try {
      const chip = await model.captureImage(async () => {
        const { captureArea } = await captureModule.load();
        return captureArea({ label: view.picker.label, instructions: view.picker.instructions });
      });
      outcome = chip === undefined ? 'cancelled' : chip.kind === 'image' ? 'captured' : 'failed';
    } finally {
      this.capturing = false;
      this.emit('dddk-capture-end', { detail: { outcome } });
      if (this.isConnected) this.shadowRoot?.querySelector<HTMLButtonElement>('[part~="capture-button"]')?.focus();
    }
  };

  private readonly pinElement = async (): Promise<void> => {
    const model = this.model;
    const view = this.view;
    if (!model || !view || this.picking) return;
    this.picking = true;
    this.emit('dddk-pick-start');
    let outcome: DddkPickOutcome = 'cancelled';
    try {
      const [{ pickElement }, { pinnableElement }] = await pickModules.load();
      const element = await pickElement({ label: view.elementPicker.label, instructions: view.elementPicker.instructions });
      if (element) {
        model.pinElement(pinnableElement(element));
        outcome = 'picked';
      }
    } catch (cause) {
      console.error('dddk: choosing an element to pin failed', cause);
    } finally {
      this.picking = false;
      this.emit('dddk-pick-end', { detail: { outcome } });
      if (this.isConnected) this.shadowRoot?.querySelector<HTMLButtonElement>('[part~="pin-button"]')?.focus();
    }
  };
}
