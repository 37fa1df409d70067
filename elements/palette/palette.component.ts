import type { PaletteContextModel } from '../../core/palette/context/palette-context.types.js';
import { browserPorts, isInsertTarget, localStorageHeat, type InsertTarget } from '../../core/page/palette-ports.js';
import { readSelectionText } from '../../core/page/context-capture/read-selection.js';
import { loadContextChips } from '../palette-context/lazy-context-chips.js';
import { onStringsChange } from '../../core/i18n/string-registry.js';
import { html, nothing, type CSSResult, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import { controllerPalette } from '../../core/palette/controller-palette.js';
import { connectPalette, type PaletteView } from '../../core/palette/palette.connect.js';
import type { PaletteResult } from '../../core/palette/palette-handle.types.js';
import type { PaletteCategory, PaletteItem } from '../../core/palette/palette-item.types.js';
import type { PaletteModel, PaletteRow, PaletteState } from '../../core/palette/palette.types.js';
import { parseShortcut, shortcutMatches } from '../../core/palette/shortcut.js';
import { DddkElement } from '../internal/dddk-element.js';
import { composedContains, FocusReturn } from '../internal/focus-return.js';
import { deepActiveElement } from '../../core/page/deep-active-element.js';
import { isComposingKey, isTypingTarget, keyTarget } from '../../core/input/keys.js';
import { ModelBinding } from '../internal/model-binding.js';
import { sharedStyles } from '../internal/shared.styles.js';
import { layoutRows, ROW_HEIGHT, scrollToShow, type ListLayout } from './list-layout.js';
import type { PalettePanel } from './palette-panel.js';
import type { PalettePanelHost } from './palette-panel-host.js';
import { paletteStyles } from './palette.styles.js';

let panelModule: Promise<typeof import('./palette-panel.js')> | undefined;

/** The panel's code and styles, loaded once, on first open or when the page is idle; a failed load is retried next time. */
function loadPanel(): Promise<typeof import('./palette-panel.js')> {
  panelModule ??= import('./palette-panel.js').catch((cause: unknown) => {
    panelModule = undefined;
    throw new Error('dddk: <dddk-palette> could not load its panel. When using dddk.min.js, serve its chunks/ folder next to it.', { cause });
  });
  return panelModule;
}

/** Until the listbox has been measured, assume this much of it is visible. */
const DEFAULT_VIEWPORT = 384;
const APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const PREFETCH_DELAY_MS = 2000;
// More than one palette may serve a controller; an item's bound shortcut must run once per key press.
const handledShortcuts = new WeakSet<Event>();

/**
 * @tagname dddk-palette
 * @summary The command palette: Ctrl+K (⌘K on a Mac) opens a modal whose field filters the host's
 * items (fuzzy, then by recent use) and offers "Ask the agent: <text>" for anything else. Enter runs
 * the active item's first action, Ctrl/⌘+Enter its second, Ctrl/⌘+K lists all of them; Esc steps
 * back (actions menu, result, sub-list) and then closes, giving focus back to where it was. The list
 * is virtualized, so tens of thousands of items stay smooth. With `inline` the panel sits in the
 * page instead of a modal, and Ctrl+K focuses it.
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

  /** The chip bar's model (shared by every palette of the controller), once the palette has opened with `context-chips`. */
  get contextModel(): PaletteContextModel | undefined {
    return this.contextChips ? this.binding.model?.context : undefined;
  }

  /** Items this element registers in its controller's palette while it is connected. */
  @property({ attribute: false }) accessor items: readonly PaletteItem[] | undefined = undefined;

  /** Category chips shown under the field; each narrows the list to its items. */
  @property({ attribute: false }) accessor categories: readonly PaletteCategory[] | undefined = undefined;

  private readonly binding = new ModelBinding<PaletteModel>(this, {
    select: (controller) => controllerPalette(controller, { storage: localStorageHeat() }),
    events: ['locale_change'],
  });

  private view: PaletteView | undefined;
  private wasOpen = false;
  private internals: ElementInternals | undefined;
  private readonly focusReturn = new FocusReturn(this);
  private insertTarget: InsertTarget | undefined;

  private attachedModel: PaletteModel | undefined;
  private detachPorts: (() => void) | undefined;
  private registeredItems: readonly PaletteItem[] | undefined;
  private removeItems: (() => void) | undefined;
  private appliedCategories: readonly PaletteCategory[] | undefined;

  private layout: ListLayout = layoutRows([], false);
  private layoutRowsRef: readonly PaletteRow[] | undefined;
  private listScrollTop = 0;
  private pendingScroll: number | undefined;
  private viewport = DEFAULT_VIEWPORT;
  private lastActive = -1;
  private activeFromPointer = false;
  private lastPointer = { x: NaN, y: NaN };
  private mountedResult: PaletteResult | undefined;
  private panel: PalettePanel | undefined;
  private panelLoading: Promise<void> | undefined;
  private focusPending = false;
  private prefetchTimer: ReturnType<typeof setTimeout> | undefined;

  /** What the lazily loaded panel reads and calls. */
  private readonly panelHost: PalettePanelHost = (() => {
    const element = this;
    return {
      get inline() {
        return element.inline;
      },
      get model() {
        return element.binding.model;
      },
      get view() {
        return element.view;
      },
      get layout() {
        return element.layout;
      },
      get listScrollTop() {
        return element.listScrollTop;
      },
      get viewport() {
        return element.viewport;
      },
      get contextModel() {
        return element.contextChips ? element.contextModel : undefined;
      },
      get locale() {
        return element.binding.controller?.locale ?? 'en';
      },
      close: () => element.close(),
      requestUpdate: () => element.requestUpdate(),
      handleKeyDown: (event: KeyboardEvent) => element.handleKeyDown(event),
      handleInput: (event: InputEvent) => element.handleInput(event),
      handleScroll: (event: Event) => element.handleScroll(event),
      handlePointerMove: (event: PointerEvent) => element.handlePointerMove(event),
      keepFocusInField: (event: MouseEvent) => element.keepFocusInField(event),
      handleOptionClick: (event: MouseEvent) => element.handleOptionClick(event),
      runMenuAction: (index: number) => element.runMenuAction(index),
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

  private stopWatchingStrings: (() => void) | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.internals && typeof this.attachInternals === 'function') this.internals = this.attachInternals();
    // Area captures for the chip bar should show the page, not the palette over it.
    if (!this.hasAttribute('data-html2canvas-ignore')) this.setAttribute('data-html2canvas-ignore', '');
    document.addEventListener('keydown', this.handleShortcut);
    for (const name of ['dddk-pick-start', 'dddk-capture-start'] as const) this.addEventListener(name, this.stepAside);
    for (const name of ['dddk-pick-end', 'dddk-capture-end'] as const) this.addEventListener(name, this.stepBack);
    this.stopWatchingStrings = onStringsChange(() => this.requestUpdate());
    // Fetch the panel ahead of the first Ctrl+K, once the page has had time to settle.
    this.prefetchTimer ??= setTimeout(() => void this.ensurePanel().catch(() => undefined), PREFETCH_DELAY_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.prefetchTimer);
    this.prefetchTimer = undefined;
    document.removeEventListener('keydown', this.handleShortcut);
    for (const name of ['dddk-pick-start', 'dddk-capture-start'] as const) this.removeEventListener(name, this.stepAside);
    for (const name of ['dddk-pick-end', 'dddk-capture-end'] as const) this.removeEventListener(name, this.stepBack);
    this.stopWatchingStrings?.();
    this.stopWatchingStrings = undefined;
    this.focusReturn.forget();
    this.wasOpen = false;
    this.attach(undefined);
  }

  /** Connects this element's ports, items and chips to the model it renders (and only that one). */
  private attach(model: PaletteModel | undefined): void {
    if (model !== this.attachedModel) {
      this.detachPorts?.();
      this.removeItems?.();
      this.detachPorts = this.removeItems = undefined;
      this.registeredItems = this.appliedCategories = undefined;
      this.attachedModel = model;
      if (model) this.detachPorts = model.connectPorts(browserPorts(() => this.insertTarget), { fallback: true });
    }
    if (!model) return;
    if (this.items !== this.registeredItems) {
      this.removeItems?.();
      this.removeItems = undefined;
      this.registeredItems = this.items;
      try {
        if (this.items) this.removeItems = model.addItems(this.items);
      } catch (error) {
        this.reportRefused('items', error);
      }
    }
    if (this.categories !== this.appliedCategories) {
      this.appliedCategories = this.categories;
      try {
        model.setCategories(this.categories ?? []);
      } catch (error) {
        this.reportRefused('categories', error);
      }
    }
  }

  /** A property cannot throw at its setter, so a refused value is reported on the controller's `error` event and the console. */
  private reportRefused(property: 'items' | 'categories', error: unknown): void {
    console.error(`dddk: <dddk-palette>.${property} was refused: ${error instanceof Error ? error.message : String(error)}`);
    this.binding.controller?.emit('error', { error, source: `palette-${property}` });
  }

  protected override update(changed: PropertyValues<this>): void {
    const { controller, model } = this.binding;
    this.attach(controller && model ? model : undefined);
    this.view = controller && model ? connectPalette(model, controller.locale) : undefined;
    if (!this.panel && (this.inline || this.view?.open)) void this.ensurePanel().catch((error: unknown) => console.error(error));
    this.placeWindow(this.view?.state);
    super.update(changed);
  }

  private ensurePanel(): Promise<void> {
    this.panelLoading ??= loadPanel().then(
      ({ PalettePanel, palettePanelStyles }) => {
        this.adoptPanelStyles(palettePanelStyles);
        this.panel = new PalettePanel(this.panelHost);
        this.requestUpdate();
      },
      (error: unknown) => {
        this.panelLoading = undefined;
        throw error;
      },
    );
    return this.panelLoading;
  }

  private adoptPanelStyles(styles: CSSResult): void {
    const root = this.renderRoot as ShadowRoot;
    if (styles.styleSheet && 'adoptedStyleSheets' in root) {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, styles.styleSheet];
    } else {
      const style = document.createElement('style');
      style.textContent = styles.cssText;
      root.append(style);
    }
  }

  /** Also waits for the panel's code when it is loading, so `await updateComplete` sees the open palette drawn. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    if (this.panelLoading && !this.panel) {
      await this.panelLoading.catch(() => undefined);
      done = await super.getUpdateComplete();
    }
    return done;
  }

  /** Lays the rows out again when they changed, and scrolls so the active row stays visible. */
  private placeWindow(state: PaletteState | undefined): void {
    if (!state) return;
    if (state.rows !== this.layoutRowsRef) {
      this.layoutRowsRef = state.rows;
      this.layout = layoutRows(state.rows, state.grouped);
      this.listScrollTop = 0;
      this.pendingScroll = 0;
      this.lastActive = -1;
    }
    if (state.activeIndex !== this.lastActive) {
      this.lastActive = state.activeIndex;
      if (state.activeIndex >= 0 && !this.activeFromPointer) {
        const next = scrollToShow(this.layout, state.activeIndex, this.listScrollTop, this.viewport);
        if (next !== this.listScrollTop) this.listScrollTop = this.pendingScroll = next;
      }
    }
    this.activeFromPointer = false;
  }

  protected override render() {
    const view = this.view;
    const panel = this.panel ? this.panel.renderPanel(view) : nothing;
    if (this.inline) return html`<div class="palette palette--inline">${panel}</div>`;
    return html`
      <dialog
        part="dialog"
        class="palette ${view?.state.detail ? 'palette--with-detail' : ''}"
        aria-label=${view?.dialogLabel ?? ''}
        @cancel=${this.handleDialogCancel}
        @close=${this.handleDialogClose}
        @click=${this.handleDialogClick}
      >
        ${panel}
      </dialog>
    `;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const state = this.view?.state;
    const result = state?.result;
    if (result?.kind === 'mount' && result !== this.mountedResult) {
      const first = this.mountedResult === undefined || this.mountedResult.kind !== 'mount' || this.mountedResult.mount !== result.mount;
      this.mountedResult = result;
      if (first) this.binding.model?.resultMounted();
    } else if (result?.kind !== 'mount') this.mountedResult = undefined;

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
    this.syncScroll();
  }

  /** Applies a scroll the keyboard asked for, and re-renders when the list's visible height changed. */
  private syncScroll(): void {
    const listbox = this.renderRoot.querySelector<HTMLElement>('#palette-listbox');
    const pending = this.pendingScroll;
    this.pendingScroll = undefined;
    if (!listbox || listbox.hidden) return;
    if (pending !== undefined) listbox.scrollTop = pending;
    const height = listbox.clientHeight;
    if (height > 0 && Math.abs(height - this.viewport) > 1) {
      this.viewport = height;
      // Re-place the active row for the real height, then render the window it needs.
      const active = this.view?.state.activeIndex ?? -1;
      if (active >= 0) {
        const next = scrollToShow(this.layout, active, this.listScrollTop, this.viewport);
        if (next !== this.listScrollTop) this.listScrollTop = this.pendingScroll = next;
      }
      this.requestUpdate();
    }
  }

  private get dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
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
    const dialog = this.dialog;
    if (dialog && !dialog.open) {
      try {
        dialog.showModal();
      } catch (error) {
        console.error('dddk: <dddk-palette> could not open its dialog', error);
      }
    }
    const input = this.input;
    if (input) input.focus();
    else this.focusPending = true;
  }

  private hidePanel(): void {
    this.focusPending = false;
    const dialog = this.dialog;
    if (dialog?.open) dialog.close();
    else if (this.inline) this.input?.blur();
    this.focusReturn.restore();
    this.insertTarget = undefined;
  }

  private readonly handleInput = (event: InputEvent): void => {
    const model = this.binding.model;
    if (!model) return;
    const value = (event.target as HTMLInputElement).value;
    // Typing into the inline panel counts as opening it, so Esc and focus return work the same way.
    if (!model.getState().open) model.open(this.inline ? { inline: true } : undefined);
    model.setQuery(value);
  };

  private readonly handleScroll = (event: Event): void => {
    const top = (event.currentTarget as HTMLElement).scrollTop;
    if (top === this.listScrollTop) return;
    this.listScrollTop = top;
    this.requestUpdate();
  };

  /** Hover follows the pointer only when it really moves, so rows scrolling under a still pointer never steal the keyboard's place. */
  private readonly handlePointerMove = (event: PointerEvent): void => {
    if (event.clientX === this.lastPointer.x && event.clientY === this.lastPointer.y) return;
    this.lastPointer = { x: event.clientX, y: event.clientY };
    const index = optionIndex(event);
    const model = this.binding.model;
    if (index === undefined || !model || index === model.getState().activeIndex) return;
    this.activeFromPointer = true;
    model.setActiveIndex(index);
  };

  private readonly keepFocusInField = (event: MouseEvent): void => {
    event.preventDefault();
  };

  private readonly handleOptionClick = (event: MouseEvent): void => {
    const index = optionIndex(event);
    if (index === undefined) return;
    this.activeFromPointer = true;
    this.binding.model?.setActiveIndex(index);
    this.runActive(event.ctrlKey || event.metaKey ? 1 : 0);
  };

  /** Runs the active row: the ask row goes through `dddk-submit`, which the host may cancel. */
  private runActive(actionIndex: number): void {
    const model = this.binding.model;
    if (!model) return;
    const state = model.getState();
    const row = state.rows[state.activeIndex];
    if (!row) return;
    if (row.type === 'ask') {
      const request = this.emit('dddk-submit', { detail: { text: row.text }, cancelable: true });
      const chips = this.contextModel;
      const context = chips?.hasContext ? chips.toContext() : undefined;
      model.submit({ text: row.text, deliver: !request.defaultPrevented, ...(context ? { context } : {}) });
      if (context) chips?.clear();
      return;
    }
    if (this.emitActivate(row.item.id, row.arg, actionIndex)) void model.activate(state.activeIndex, actionIndex);
  }

  /** Runs action `index` of the actions menu's item. */
  private runMenuAction(index: number): void {
    const model = this.binding.model;
    const menu = model?.getState().actionsMenu;
    const row = menu && model!.getState().rows.find((candidate) => candidate.key === menu.rowKey);
    if (!model || !row || row.type !== 'item') return;
    if (this.emitActivate(row.item.id, row.arg, index)) void model.runActionsMenu(index);
    else model.closeActionsMenu();
  }

  /** Tells the page an item was chosen; false when a listener cancelled it. */
  private emitActivate(itemId: string, arg: string, actionIndex: number): boolean {
    return !this.emit('dddk-activate', { detail: { itemId, arg, actionIndex }, cancelable: true }).defaultPrevented;
  }

  private readonly handleKeyDown = (event: KeyboardEvent): void => {
    if (isComposingKey(event)) return;
    const model = this.binding.model;
    const state = model?.getState();
    if (!model || !state) return;
    const command = event.ctrlKey || event.metaKey;
    const menu = state.actionsMenu;
    const handled = (): void => {
      event.preventDefault();
      event.stopPropagation();
    };
    // Keys on the chips and buttons keep their own meaning; the list keys belong to the field.
    const inField = keyTarget(event) === this.input;
    switch (inField || event.key === 'Escape' ? event.key : '') {
      case 'Escape':
        // Handled here rather than by the dialog's own cancel, so other Escape listeners on the page
        // (a pending subtitle prompt, say) do not also react to it.
        handled();
        if (!model.back()) this.close();
        return;
      case 'ArrowDown':
      case 'ArrowUp': {
        const delta = event.key === 'ArrowDown' ? 1 : -1;
        if (menu) model.moveActionsMenu(delta);
        else if (state.rows.length) model.moveActive(delta, { wrap: true });
        else return;
        return handled();
      }
      case 'PageDown':
      case 'PageUp': {
        if (menu || !state.rows.length) return;
        const page = Math.max(1, Math.floor(this.viewport / ROW_HEIGHT) - 1);
        model.moveActive(event.key === 'PageDown' ? page : -page);
        return handled();
      }
      case 'Home':
      case 'End': {
        // With text typed, plain Home/End move the caret; Ctrl/⌘ (or an empty field) moves the list.
        if (menu || !state.rows.length || (state.query !== '' && !command) || event.shiftKey) return;
        model.moveActive(event.key === 'Home' ? -state.rows.length : state.rows.length);
        return handled();
      }
      case 'Backspace':
        if (state.query === '' && state.trail.length > 0 && !state.result) {
          model.back();
          handled();
        }
        return;
      case 'Enter':
        handled();
        if (menu) return this.runMenuAction(menu.activeIndex);
        if (state.inputContext) return void model.submitInputContext();
        if (state.result) return;
        return this.runActive(command ? 1 : 0);
    }
    if (command && !event.altKey && !event.shiftKey && isKKey(event)) {
      // Inside the open palette Ctrl/⌘+K lists the active item's actions; otherwise it toggles the palette.
      if (menu) {
        model.closeActionsMenu();
        handled();
      } else if (!state.result && model.openActionsMenu()) {
        handled();
      }
    }
  };

  private readonly handleShortcut = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || isComposingKey(event)) return;
    const model = this.binding.model;
    if (!model) return;
    if (!this.noShortcut && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && isKKey(event)) {
      event.preventDefault();
      if (this.inline && model.getState().open) this.input?.focus();
      else model.toggle();
      return;
    }
    if (this.typeAheadOfPanel(model, event)) return;
    this.runBoundShortcut(model, event);
  };

  /**
   * Keys typed after Ctrl+K but before the panel's code has arrived go into the query, so a fast
   * typist loses nothing; the field shows them once it renders.
   */
  private typeAheadOfPanel(model: PaletteModel, event: KeyboardEvent): boolean {
    if (this.panel || this.inline || !model.getState().open || event.ctrlKey || event.metaKey || event.altKey) return false;
    const query = model.getState().query;
    if (event.key === 'Backspace') model.setQuery(query.slice(0, -1));
    else if (event.key.length === 1 || /^\p{L}$/u.test(event.key)) model.setQuery(query + event.key);
    else return false;
    event.preventDefault();
    return true;
  }

  /** Items with `bindShortcut` run on their key combination, except while the user types without a modifier. */
  private runBoundShortcut(model: PaletteModel, event: KeyboardEvent): void {
    if (handledShortcuts.has(event)) return;
    const plainTyping = !event.ctrlKey && !event.metaKey && !event.altKey && isTypingTarget(keyTarget(event));
    if (plainTyping || composedContains(this, keyTarget(event) ?? null)) return;
    for (const item of model.getItems()) {
      if (!item.bindShortcut || !item.shortcut || item.disabled) continue;
      const parsed = parseShortcut(item.shortcut);
      if (!parsed || !shortcutMatches(parsed, event, APPLE)) continue;
      handledShortcuts.add(event);
      event.preventDefault();
      void model.activateById(item.id);
      return;
    }
  }

  private readonly handleDialogCancel = (event: Event): void => {
    event.preventDefault();
    this.close();
  };

  // The dialog closed by other means (e.g. a form with method="dialog"): bring the model along.
  private readonly handleDialogClose = (): void => {
    if (this.steppedAside) return;
    if (this.binding.model?.getState().open) this.close();
  };

  /** True while the modal is shut so the visitor can pick an element or drag an area on the page. */
  private steppedAside = false;

  // A modal dialog makes the page inert, so the chip bar's pickers could not reach it.
  private readonly stepAside = (): void => {
    const dialog = this.dialog;
    if (this.inline || !dialog?.open) return;
    this.steppedAside = true;
    dialog.close();
  };

  private readonly stepBack = (): void => {
    if (!this.steppedAside) return;
    this.steppedAside = false;
    const dialog = this.dialog;
    if (!dialog || dialog.open || !this.binding.model?.getState().open) return;
    try {
      dialog.showModal();
    } catch (error) {
      console.error('dddk: <dddk-palette> could not reopen its dialog', error);
      return;
    }
    this.input?.focus();
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

/** `code` covers keyboard layouts whose K key types another script; Latin layouts go by `key`. */
function isKKey(event: KeyboardEvent): boolean {
  const key = event.key.toLowerCase();
  return key === 'k' || (event.code === 'KeyK' && !/^[a-z]$/.test(key));
}

function optionIndex(event: Event): number | undefined {
  for (const node of event.composedPath()) {
    if (node instanceof HTMLElement && node.dataset.index !== undefined) return Number(node.dataset.index);
  }
  return undefined;
}
