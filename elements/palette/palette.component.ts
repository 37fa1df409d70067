import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import { onStringsChange } from '../../core/i18n/string-registry.js';
import { keyTarget } from '../../core/input/keys.js';
import { readSelectionText } from '../../core/page/context-capture/read-selection.js';
import { deepActiveElement } from '../../core/page/deep-active-element.js';
import { isInsertTarget, type InsertTarget } from '../../core/page/palette-ports.js';
import { webStorage } from '../../core/storage/web-storage.js';
import type { PaletteContextModel } from '../../core/palette/context/palette-context.types.js';
import { controllerPalette } from '../../core/palette/controller-palette.js';
import type { PaletteConnectOptions, PaletteView } from '../../core/palette/palette.connect.js';
import { connectPalettePageKeys, type PalettePageKeys } from '../../core/palette/palette-page-keys.js';
import { paletteStrings } from '../../core/palette/palette.strings.js';
import type { PaletteResult } from '../../core/palette/palette-item.types.js';
import type { PaletteCategory, PaletteItem } from '../../core/palette/palette-item.types.js';
import type { PaletteModel, PaletteState } from '../../core/palette/palette.types.js';
import { lazyModule } from '../../core/util/lazy-module.js';
import { DddkElement } from '../internal/dddk-element.js';
import { composedContains, FocusReturn } from '../internal/focus-return.js';
import { LazyView } from '../internal/lazy-view.js';
import { ModelBinding } from '../internal/model-binding.js';
import { sharedStyles } from '../internal/shared.styles.js';
import { loadContextChips } from '../palette-context/lazy-context-chips.js';
import { PaletteDialog } from './palette-dialog.js';
import { PaletteAttachment } from './palette-attachment.js';
import type { PalettePanel, PalettePanelHost } from './palette-panel.js';
import { paletteStyles } from './palette.styles.js';

// Everything drawn inside the open palette comes with this chunk, on first open or when the page is idle.
const panelModule = lazyModule('the palette panel', () => import('./palette-panel.js'));

const APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const PREFETCH_DELAY_MS = 2000;

/**
 * @tagname dddk-palette
 * @summary The command palette: Ctrl+K (⌘K on a Mac) opens a modal whose field filters the host's
 * items (fuzzy, then by recent use) and offers "Ask the agent: <text>" for anything else. Enter runs
 * the active item's first action, Ctrl/⌘+Enter its second, Ctrl/⌘+K lists all of them; Esc steps
 * back (actions menu, result, sub-list) and then closes, giving focus back to where it was. The list
 * is virtualized, so tens of thousands of items stay smooth. With `inline` the panel sits in the
 * page instead of a modal, and Ctrl+K focuses it. An item's prefix typed with a space after it
 * (`g docs`), or chosen from the list, shows as a chip before the field (a button that removes it;
 * so does Backspace in the empty field), and the field holds its argument; whatever is typed, the
 * "Ask the agent" row is offered, so Enter always does something. While a panel skill is entered,
 * breadcrumbs show the panels entered and the top one's surface shows; Esc, the back button, or
 * Backspace in the empty field go back one panel.
 *
 * @event dddk-open - The palette opened.
 * @event dddk-close - The palette closed.
 * @event {DddkActivateEvent} dddk-activate - The user chose an item (`detail.itemId`, `arg`, `actionIndex`).
 * Cancelable: `preventDefault()` keeps its action from running.
 * @event {DddkSubmitEvent} dddk-submit - The user handed a text to the agent (`detail.text`). Cancelable:
 * `preventDefault()` keeps the text from the agent (the palette still closes).
 *
 * @csspart dialog - The modal `<dialog>` (absent in inline mode).
 * @csspart panel - The box holding everything.
 * @csspart context-chips - The context chip bar above the field (with `context-chips`).
 * @csspart input - The text field.
 * @csspart input-chip - The label of a borrowed field, or the prefix typed.
 * @csspart back-button - Steps back from a sub-list, a result or a borrowed field.
 * @csspart close-button - The close button (modal only).
 * @csspart categories - The row of category chips.
 * @csspart category - A category chip.
 * @csspart error - The message of a failed action or source.
 * @csspart listbox - The list of suggestions (scrolls; only the visible rows are in the DOM).
 * @csspart group - A section of the list.
 * @csspart group-heading - A section's heading.
 * @csspart option - A suggestion.
 * @csspart option-icon - The icon or thumbnail of a suggestion.
 * @csspart option-name - A suggestion's name.
 * @csspart option-description - A suggestion's description.
 * @csspart option-line - One of a suggestion's extra lines.
 * @csspart option-shortcut - A suggestion's key combination.
 * @csspart option-text - The typed text inside the "Ask the agent" suggestion.
 * @csspart match - A matched part of a name or description (a `<mark>`).
 * @csspart actions-menu - The list of the active item's actions.
 * @csspart action - An action in that list.
 * @csspart result - The result shown in place of the list.
 * @csspart result-title - The result's title.
 * @csspart result-body - The result's content.
 * @csspart result-cancel - Stops a streaming result.
 * @csspart surfaces - A surface placed in the palette (`renderSurface(controller, surface, { placement: 'palette' })`), shown in place of the list; Esc cancels it.
 * @csspart breadcrumbs - The trail of entered skill panels, above the body (a `<nav>`).
 * @csspart breadcrumb - One step of that trail: a button back to it, or the panel shown.
 * @csspart breadcrumb-current - The trail's last step, the panel shown.
 * @csspart panel-surface - The entered skill panel's surface: above the list, or in its place when the panel takes the field over.
 * @csspart detail - The pane beside the list showing the active item's details.
 * @csspart hint - The keys, in words.
 *
 * @cssproperty --width - The panel's width (wider when an item has details).
 * @cssproperty --top - The distance between the modal and the top of the viewport.
 * @cssproperty --list-height - The most the list grows before it scrolls.
 *
 * @cssstate open - The palette is open.
 * @cssstate busy - A source or action is working.
 */
export class DddkPalette extends DddkElement {
  static override styles = [sharedStyles, paletteStyles];

  /** The controller whose palette this shows; wins over `for` and the page default. */
  @property({ attribute: false }) accessor controller: DddkController | undefined = undefined;

  /** The id of a controller created with `createDddk({ id })`; without it the page default is used. */
  @property() accessor for: string | undefined = undefined;

  /** Renders the panel in the page instead of a modal dialog. */
  @property({ type: Boolean, reflect: true }) accessor inline = false;

  /** Turns off the Ctrl/⌘+K shortcut (e.g. when the page uses it itself); `open()` still works. */
  @property({ type: Boolean, attribute: 'no-shortcut' }) accessor noShortcut = false;

  /**
   * Shows the context chip bar above the field: the text the visitor had selected when the palette
   * opened, pinned elements, and images (uploaded, or a dragged rectangle of the page) that go to
   * the agent with the request.
   */
  @property({ type: Boolean, attribute: 'context-chips' }) accessor contextChips = false;

  /** The chip bar's model (every palette of the controller shares it), once the palette has opened with `context-chips`. */
  get contextModel(): PaletteContextModel | undefined {
    return this.contextChips ? this.binding.model?.context : undefined;
  }

  /** Items this element registers in its controller's palette while it is connected. */
  @property({ attribute: false }) accessor items: readonly PaletteItem[] | undefined = undefined;

  /** Category chips shown under the field; each narrows the list to its items. */
  @property({ attribute: false }) accessor categories: readonly PaletteCategory[] | undefined = undefined;

  private readonly binding = new ModelBinding<PaletteModel>(this, {
    select: (controller) => controllerPalette(controller, { storage: webStorage('local') }),
    events: ['locale_change'],
  });

  private state: PaletteState | undefined;
  /** The Ctrl/⌘+K shortcut, keys typed ahead of the panel, the items' bound keys: there from the first paint. */
  private pageKeys: PalettePageKeys | undefined;
  /** The panel's view of the model (`connectPalette`), which comes with the panel's chunk. */
  private view: PaletteView | undefined;
  private dialogLabel = '';
  private readonly panel: LazyView<typeof import('./palette-panel.js'), PalettePanel> = new LazyView(this, panelModule, {
    create: ({ PalettePanel }) => new PalettePanel(this.panelHost()),
  });
  private readonly attachment = new PaletteAttachment(() => this.insertTarget);
  private readonly focusReturn = new FocusReturn(this);
  private insertTarget: InsertTarget | undefined;
  private internals: ElementInternals | undefined;
  private wasOpen = false;
  private mountedResult: PaletteResult | undefined;
  private focusPending = false;
  private prefetchTimer: ReturnType<typeof setTimeout> | undefined;
  private stopWatchingStrings: (() => void) | undefined;
  private readonly dialog = new PaletteDialog(this);

  /** What `connectPalette`'s handlers ask of this element; read when they run. */
  private readonly connectOptions: PaletteConnectOptions = (() => {
    const element = this;
    return {
      apple: APPLE,
      // Until the panel (and its list) is there, the handlers' default page.
      get pageSize() {
        return element.panel.peek()?.list.pageSize;
      },
      get inline() {
        return element.inline;
      },
      get withContext() {
        return element.contextChips;
      },
      get shortcut() {
        return !element.noShortcut;
      },
      get panelShown() {
        return element.panel.peek() !== undefined;
      },
      focusField: () => element.input?.focus(),
      beforeActivate: (detail) => !element.emit('dddk-activate', { detail, cancelable: true }).defaultPrevented,
      beforeSubmit: (text) => !element.emit('dddk-submit', { detail: { text }, cancelable: true }).defaultPrevented,
    };
  })();

  /** Whether the palette is open. */
  get isOpen(): boolean {
    return this.binding.model?.getState().open ?? false;
  }

  /** Opens the palette; focus goes to its field and comes back to the current element on close. */
  open(): void {
    this.binding.model?.open(this.inline ? { inline: true } : undefined);
  }

  close(): void {
    this.binding.model?.close();
  }

  toggle(): void {
    this.binding.model?.toggle();
  }

  /** Runs the item `id` (listed, or registered anywhere); resolves to false when there is none. */
  activateById(id: string, options?: { arg?: string; actionIndex?: number }): Promise<boolean> {
    return this.binding.model?.activateById(id, options) ?? Promise.resolve(false);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.internals && typeof this.attachInternals === 'function') this.internals = this.attachInternals();
    // Area captures for the chip bar should show the page, not the palette over it.
    if (!this.hasAttribute('data-html2canvas-ignore')) this.setAttribute('data-html2canvas-ignore', '');
    document.addEventListener('keydown', this.handlePageKey);
    for (const name of ['dddk-pick-start', 'dddk-capture-start'] as const) this.addEventListener(name, this.dialog.stepAside);
    for (const name of ['dddk-pick-end', 'dddk-capture-end'] as const) this.addEventListener(name, this.stepBack);
    this.stopWatchingStrings = onStringsChange(() => this.requestUpdate());
    // Fetch the panel ahead of the first Ctrl+K, once the page has had time to settle.
    this.prefetchTimer ??= setTimeout(() => this.panel.prefetch(), PREFETCH_DELAY_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.prefetchTimer);
    this.prefetchTimer = undefined;
    document.removeEventListener('keydown', this.handlePageKey);
    for (const name of ['dddk-pick-start', 'dddk-capture-start'] as const) this.removeEventListener(name, this.dialog.stepAside);
    for (const name of ['dddk-pick-end', 'dddk-capture-end'] as const) this.removeEventListener(name, this.stepBack);
    this.stopWatchingStrings?.();
    this.stopWatchingStrings = undefined;
    this.focusReturn.forget();
    this.wasOpen = false;
    this.attachment.sync(undefined, this, undefined);
  }

  protected override update(changed: PropertyValues<this>): void {
    const { controller, model } = this.binding;
    const bound = controller && model ? model : undefined;
    this.attachment.sync(bound, this, controller);
    this.state = bound?.getState();
    this.pageKeys = bound ? connectPalettePageKeys(bound, this.connectOptions) : undefined;
    this.dialogLabel = controller && bound ? paletteStrings(controller.locale).dialogLabel : '';
    // The panel loads once it is first needed; after that it is drawn even while the modal is shut.
    const panel = this.inline || this.state?.open ? this.panel.get() : this.panel.peek();
    this.view = controller && bound && panel ? panel.connect(bound, controller.locale, this.connectOptions) : undefined;
    super.update(changed);
  }

  protected override render() {
    const state = this.state;
    const panel = this.inline || state?.open ? this.panel.render() : (this.panel.peek()?.render() ?? nothing);
    if (this.inline) return html`<div class="palette palette--inline">${panel}</div>`;
    return html`
      <dialog
        part="dialog"
        class="palette ${state?.detail ? 'palette--with-detail' : ''}"
        aria-label=${this.dialogLabel}
        @cancel=${this.dialog.onCancel}
        @close=${this.dialog.onClose}
        @click=${this.dialog.onClick}
      >
        ${panel}
      </dialog>
    `;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const state = this.state;
    this.noteMountedResult(state?.result);
    const open = state?.open ?? false;
    this.setState('open', open);
    this.setState('busy', state?.busy ?? false);
    if (open !== this.wasOpen) {
      this.wasOpen = open;
      if (open) this.showPanel();
      else this.hidePanel();
      this.emit(open ? 'dddk-open' : 'dddk-close');
    }
    if (this.focusPending && open && this.input) {
      this.focusPending = false;
      this.input.focus();
    }
    this.panel.peek()?.list.sync(this.renderRoot.querySelector<HTMLElement>('#palette-listbox'));
  }

  /** What the lazily loaded panel reads. */
  private panelHost(): PalettePanelHost {
    const element = this;
    return {
      element,
      get inline() {
        return element.inline;
      },
      get model() {
        return element.binding.model;
      },
      get view() {
        return element.view;
      },
      get contextModel() {
        return element.contextModel;
      },
    };
  }

  /** Tells the model once a `mount` result is in the page, so its stream can start writing. */
  private noteMountedResult(result: PaletteResult | undefined): void {
    if (result?.kind !== 'mount') {
      this.mountedResult = undefined;
      return;
    }
    if (result === this.mountedResult) return;
    const previous = this.mountedResult;
    this.mountedResult = result;
    if (previous?.kind !== 'mount' || previous.mount !== result.mount) this.binding.model?.resultMounted();
  }

  private get input(): HTMLInputElement | null {
    return this.renderRoot.querySelector('input');
  }

  /** Loads the chip bar (once) and puts the visitor's selection on it. */
  private prepareContext(model: PaletteModel, selection: string): void {
    void Promise.all([model.loadContext(), loadContextChips()])
      .then(([context]) => {
        context.setSelection(selection);
        this.requestUpdate();
      })
      .catch((error: unknown) => console.error(error));
  }

  private showPanel(): void {
    const model = this.binding.model;
    // An inline palette of the same controller was opened in place: the modal stays shut.
    if (!this.inline && model?.getState().openedInline) return;
    // Focusing the field can clear the page's selection, so it is read first.
    if (this.contextChips && model) this.prepareContext(model, readSelectionText());
    const active = deepActiveElement();
    this.insertTarget = active && !composedContains(this, active) && isInsertTarget(active) ? active : undefined;
    this.focusReturn.remember();
    this.dialog.show();
    const input = this.input;
    if (input) input.focus();
    else this.focusPending = true;
  }

  private hidePanel(): void {
    this.focusPending = false;
    if (!this.dialog.hide() && this.inline) this.input?.blur();
    this.focusReturn.restore();
    this.insertTarget = undefined;
  }

  private readonly stepBack = (): void => {
    if (this.dialog.stepBack()) this.input?.focus();
  };

  private readonly handlePageKey = (event: KeyboardEvent): void => {
    const target = keyTarget(event);
    this.pageKeys?.onPageKeyDown(event, { target, insideView: composedContains(this, target ?? null) });
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
