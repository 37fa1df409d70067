import { html, nothing, svg, type ReactiveController, type CSSResult, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { keyTarget } from '../../core/input/keys.js';
import type { PaletteContextModel } from '../../core/palette/context/palette-context.types.js';
import { connectPalette, optionId, type PaletteConnectOptions, type PaletteView } from '../../core/palette/palette.connect.js';
import type { PaletteIcon, PaletteItem } from '../../core/palette/palette-item.types.js';
import type { PaletteModel, PaletteRow, PaletteState } from '../../core/palette/palette.types.js';
import { formatShortcut } from '../../core/palette/shortcut.js';
import type { HighlightSegment } from '../../core/search/fuzzy/highlight.js';
import { groupKey, slotTop, visibleRange } from './list-layout.js';
import { ListWindow } from './list-window.js';
import { builtinIcons } from './palette-icons.js';
import { palettePanelStyles } from './palette-panel.styles.js';
import { PalettePlacements } from './palette-placements.js';
import { ResultView } from './palette-result.js';
import { PaletteSkillPanels } from './palette-skill-panels.js';

// Everything drawn inside the open palette. It loads on first use (or when the page is idle), so
// the drop-in's first chunk carries only the shell: the shortcut, the model and the dialog.

const searchIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><circle cx="7" cy="7" r="4.75" stroke="currentColor" stroke-width="1.5" fill="none"/><path d="M10.5 10.5l3.5 3.5" stroke="currentColor" stroke-width="1.5" stroke-linecap="round"/></svg>`;
const closeIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" fill="none"/></svg>`;
const backIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M10 3.5L5.5 8l4.5 4.5" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" fill="none"/></svg>`;
const APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** What the panel reads from its `<dddk-palette>`. */
export interface PalettePanelHost {
  /** The element the panel draws in (its shadow root holds the panel). */
  readonly element: ReactiveControllerHost & HTMLElement;
  readonly inline: boolean;
  readonly model: PaletteModel | undefined;
  /** `connectPalette`'s output: the ARIA bags and the handlers the panel binds. */
  readonly view: PaletteView | undefined;
  /** The chip bar's model while the palette shows context chips. */
  readonly contextModel: PaletteContextModel | undefined;
}

/** Draws the palette panel of one element: a part of the element that arrives with its chunk. */
export class PalettePanel implements ReactiveController {
  /** The virtualized list's layout, scroll position and pointer handlers. */
  readonly list: ListWindow;
  private readonly placements: PalettePlacements;
  private readonly skillPanels: PaletteSkillPanels;
  private readonly result: ResultView;

  constructor(private readonly host: PalettePanelHost) {
    adoptStyles(host.element, palettePanelStyles);
    this.list = new ListWindow(
      () => this.requestUpdate(),
      () => this.host.view,
    );
    this.placements = new PalettePlacements(host);
    this.skillPanels = new PaletteSkillPanels(host);
    this.result = new ResultView(
      () => this.requestUpdate(),
      () => this.host.model?.cancelResult(),
    );
  }

  private get element(): HTMLElement {
    return this.host.element;
  }

  private requestUpdate(): void {
    this.host.element.requestUpdate();
  }

  hostDisconnected(): void {
    this.placements.stop();
    this.skillPanels.stop();
  }

  /** The view of the model this panel draws and binds; `connectPalette` comes with the panel's chunk. */
  connect(model: PaletteModel, locale: string, options: PaletteConnectOptions): PaletteView {
    return connectPalette(model, locale, options);
  }

  render() {
    const view = this.host.view;
    // Lays the rows out again when they changed, before they are drawn.
    this.list.place(view?.state);
    this.placements.sync(view);
    this.skillPanels.sync(view);
    const placed = this.placements.shown;
    const framed = this.skillPanels.shown;
    // A panel in `takeover` mode owns the field: its text, placeholder and busy state; the rows give way.
    const takeover = this.skillPanels.takeover;
    const listGone = placed || !!takeover;
    const input = view?.input;
    const state = view?.state;
    const busy = takeover ? takeover.busy : !!state?.busy || !!this.skillPanels.frame?.busy;
    const canGoBack = placed || framed || (!!state && (state.trail.length > 0 || !!state.result || !!state.inputContext));
    const chip = takeover ? undefined : (state?.inputContext?.chipLabel ?? (view?.prefixChip ? undefined : state?.trail[state.trail.length - 1]));
    const prefixChip = takeover ? undefined : view?.prefixChip;
    return html`
      <div part="panel" class="palette__panel" @keydown=${this.handleKeyDown}>
        ${this.host.contextModel && view
          ? html`<dddk-context-chips part="context-chips" .model=${this.host.contextModel} locale=${view.locale}></dddk-context-chips>`
          : nothing}
        <div class="palette__field">
          ${canGoBack
            ? html`<button part="back-button" class="palette__icon-button" type="button" aria-label=${view!.strings.back} @click=${this.handleBack}>
                ${backIcon}
              </button>`
            : html`<span class="palette__icon">${searchIcon}</span>`}
          ${chip ? html`<span part="input-chip" class="palette__chip">${chip}</span>` : nothing}
          ${prefixChip
            ? html`<button part="input-chip" class="palette__chip palette__chip-button" type="button" aria-label=${prefixChip.removeLabel} @click=${this.handleRemovePrefix}>
                  ${prefixChip.text}<span class="palette__chip-remove" aria-hidden="true">×</span>
                </button>
                <span id="palette-prefix-label" class="visually-hidden">${prefixChip.label}</span>`
            : nothing}
          <label class="visually-hidden" for="palette-input">${takeover?.label ?? input?.label ?? ''}</label>
          <input
            id="palette-input"
            part="input"
            class="palette__input"
            type="text"
            role=${input?.role ?? 'combobox'}
            aria-expanded=${listGone ? 'false' : (input?.['aria-expanded'] ?? 'false')}
            aria-controls=${input?.['aria-controls'] ?? 'palette-listbox'}
            aria-autocomplete=${input?.['aria-autocomplete'] ?? 'list'}
            aria-activedescendant=${listGone ? nothing : (input?.['aria-activedescendant'] ?? nothing)}
            aria-describedby=${prefixChip ? 'palette-prefix-label palette-hint' : 'palette-hint'}
            aria-busy=${busy ? 'true' : 'false'}
            placeholder=${takeover ? takeover.placeholder : this.placeholder(view)}
            autocomplete="off"
            autocapitalize="off"
            spellcheck="false"
            enterkeyhint="go"
            .value=${live(takeover ? takeover.text : (view?.query ?? ''))}
            @input=${this.handleInput}
          />
          ${busy ? html`<span class="palette__spinner" aria-hidden="true"></span>` : nothing}
          ${this.host.inline
            ? nothing
            : html`<button part="close-button" class="palette__icon-button" type="button" aria-label=${view?.closeButton.label ?? ''} @click=${() => this.host.model?.close()}>
                ${closeIcon}
              </button>`}
        </div>
        ${view && state && state.categories.length > 0 && view.listVisible && !listGone ? this.renderCategories(view, state) : nothing}
        ${view?.error ? html`<p part="error" class="palette__error" role="alert">${view.error}</p>` : nothing}
        ${framed && view ? this.skillPanels.renderBreadcrumbs(view) : nothing}
        ${framed && !takeover && !placed ? this.skillPanels.renderSurface() : nothing}
        <div class="palette__body">${this.renderBody(view, placed, !!takeover)}</div>
        ${view?.actionsMenu && !takeover ? this.renderActionsMenu(view) : nothing}
        <p id="palette-hint" part="hint" class="palette__hint">${keysForPlatform(takeover && view ? view.strings.panelHint : (view?.hint ?? ''))}</p>
        <div class="visually-hidden" role="status" aria-live="polite">${framed && view ? this.skillPanels.status(view) : (view?.status ?? '')}</div>
      </div>
    `;
  }

  /** The result area: a placed surface, else a takeover panel's surface, else the palette's result, list and detail. */
  private renderBody(view: PaletteView | undefined, placed: boolean, takeover: boolean) {
    const state = view?.state;
    if (placed && view) return html`${this.placements.render(view)} ${this.renderList(undefined)}`;
    if (takeover) return html`${this.skillPanels.renderSurface()} ${this.renderList(undefined)}`;
    return html`${state?.result && view ? this.result.render(view, state.result) : nothing} ${this.renderList(view)}
    ${view && state?.detail && view.listVisible ? this.renderDetail(view, state) : nothing}`;
  }

  private readonly handleKeyDown = (event: KeyboardEvent): void => {
    const field = this.field;
    const inField = !!field && keyTarget(event) === field;
    // A surface placed over everything goes first, then the skill's panel, then the palette's own steps.
    const taken =
      (event.key === 'Escape' && !event.isComposing && this.placements.cancel(event)) ||
      this.skillPanels.onKeyDown(event, inField ? field : undefined, this.host.view?.state);
    if (taken) {
      // Handled here so that the palette itself (and the page's other Escape listeners) stay put.
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    // A panel that took the field over hides the rows: the list keys have nothing to move.
    if (this.skillPanels.takeover) return;
    this.host.view?.onKeyDown(event, { inField });
  };

  private readonly handleInput = (event: InputEvent): void => {
    const value = (event.target as HTMLInputElement).value;
    if (!this.skillPanels.takeover) this.host.view?.onInput(value);
    // Typing into an inline palette opens it, taken over or not, so Esc and focus return work the same way.
    else if (this.host.inline && !this.host.view?.open) this.host.model?.open({ inline: true });
    this.skillPanels.input(value);
  };

  /** A borrowed field's placeholder, else the entered panel's, else the palette's. */
  private placeholder(view: PaletteView | undefined): string {
    const own = view?.input.placeholder ?? '';
    return view?.state.inputContext ? own : (this.skillPanels.frame?.placeholder ?? own);
  }

  private get field(): HTMLInputElement | null {
    return this.element.shadowRoot?.querySelector<HTMLInputElement>('#palette-input') ?? null;
  }

  /** The chip's button removes the prefix; the caret goes back to the field, where typing goes on. */
  private readonly handleRemovePrefix = (): void => {
    this.host.view?.clearPrefix();
    this.field?.focus();
  };

  private readonly handleBack = (): void => {
    if (!this.placements.cancel() && !this.skillPanels.back()) this.host.model?.back();
  };

  private renderCategories(view: PaletteView, state: PaletteState) {
    const chip = (id: string | undefined, label: string) =>
      html`<button
        part="category"
        class="palette__category"
        type="button"
        aria-pressed=${state.category === id ? 'true' : 'false'}
        @click=${() => this.host.model?.setCategory(id)}
      >
        ${label}
      </button>`;
    return html`<div part="categories" class="palette__categories" role="group" aria-label=${view.strings.categoriesLabel}>
      ${chip(undefined, view.strings.allCategories)} ${state.categories.map((category) => chip(category.id, category.label))}
    </div>`;
  }

  private renderList(view: PaletteView | undefined) {
    const state = view?.state;
    const rows = view?.listVisible ? (state?.rows ?? []) : [];
    const hidden = rows.length === 0;
    const list = this.list;
    const { start, end } = hidden ? { start: 0, end: 0 } : visibleRange(list.layout, list.scrollTop, list.viewport);
    // When the list was scrolled away from the active row, that row is still rendered (in its place),
    // so aria-activedescendant always names an option that exists.
    const active = state?.activeIndex ?? -1;
    const stray = !hidden && active >= 0 && (active < start || active >= end) ? active : -1;
    return html`<div
      id="palette-listbox"
      part="listbox"
      class="palette__listbox"
      role="listbox"
      aria-label=${view?.listbox.label ?? ''}
      ?hidden=${hidden}
      @scroll=${list.onScroll}
      @pointermove=${list.onPointerMove}
      @mousedown=${keepFocusInField}
      @click=${list.onClick}
    >
      ${hidden
        ? nothing
        : html`<div class="palette__sizer" style="height: ${this.list.layout.total}px">
            <div class="palette__window" style="transform: translateY(${slotTop(this.list.layout, start)}px)">${this.renderWindow(view!, start, end)}</div>
            ${stray >= 0
              ? html`<div class="palette__stray" style="top: ${this.list.layout.tops[stray]}px">${this.renderOption(view!, state!.rows[stray]!, stray, state!.rows.length)}</div>`
              : nothing}
          </div>`}
    </div>`;
  }

  /** Rows `start` to `end`, wrapped in a group per section when the list is grouped. */
  private renderWindow(view: PaletteView, start: number, end: number) {
    const state = view.state;
    const total = state.rows.length;
    const options = (from: number, to: number) => {
      const out: TemplateResult[] = [];
      for (let i = from; i < to; i++) out.push(this.renderOption(view, state.rows[i]!, i, total));
      return out;
    };
    if (!state.grouped) return options(start, end);
    const groups: TemplateResult[] = [];
    let from = start;
    while (from < end) {
      const key = groupKey(state.rows[from]!);
      let to = from + 1;
      while (to < end && groupKey(state.rows[to]!) === key) to++;
      if (key === undefined) groups.push(html`${options(from, to)}`);
      else {
        const label = state.rows[from]!.recent ? view.strings.recent : key;
        groups.push(html`<div part="group" class="palette__group" role="group" aria-label=${label}>
          ${this.list.layout.headed[from] ? html`<div part="group-heading" class="palette__heading" aria-hidden="true">${label}</div>` : nothing}
          ${options(from, to)}
        </div>`);
      }
      from = to;
    }
    return groups;
  }

  private renderOption(view: PaletteView, row: PaletteRow, index: number, total: number) {
    const active = index === view.state.activeIndex;
    const text = view.rowText(row);
    const item = row.type === 'item' ? row.item : undefined;
    const lines = item?.lines ?? [];
    return html`<div
      id=${optionId(index)}
      part="option${active ? ' option-active' : ''}"
      class="palette__option"
      role="option"
      data-index=${index}
      aria-selected=${active ? 'true' : 'false'}
      aria-disabled=${item?.disabled ? 'true' : nothing}
      aria-setsize=${total}
      aria-posinset=${index + 1}
      style="height: ${this.list.layout.heights[index]}px"
    >
      <span part="option-icon" class="palette__option-icon" aria-hidden="true">${row.type === 'ask' ? builtinIcons.sparkles : this.renderIcon(item!)}</span>
      <span class="palette__option-text-column">
        <span part="option-name" class="palette__option-name">
          ${row.type === 'ask' ? html`${view.strings.askPrefix} <span part="option-text" class="palette__option-text">${row.text}</span>` : segments(text.name)}
        </span>
        ${text.description.length ? html`<span part="option-description" class="palette__option-description">${segments(text.description)}</span>` : nothing}
        ${lines.map((line) => html`<span part="option-line" class="palette__option-line">${line}</span>`)}
      </span>
      ${item?.shortcut ? html`<kbd part="option-shortcut" class="palette__shortcut">${formatShortcut(item.shortcut, APPLE)}</kbd>` : nothing}
    </div>`;
  }

  private renderIcon(item: PaletteItem) {
    // The URL was checked (http(s) or relative) when the item was registered.
    if (item.image) return html`<img class="palette__thumbnail" src=${item.image} alt="" loading="lazy" referrerpolicy="no-referrer" />`;
    return iconTemplate(item.icon);
  }

  private renderActionsMenu(view: PaletteView) {
    const menu = view.actionsMenu!;
    return html`<div
      id=${menu.id}
      part="actions-menu"
      class="palette__actions"
      role="listbox"
      aria-label=${menu.label}
      @mousedown=${keepFocusInField}
    >
      ${menu.options.map(
        (option, index) => html`<div
          id=${option.id}
          part="action${option.active ? ' action-active' : ''}"
          class="palette__action"
          role="option"
          aria-selected=${option.active ? 'true' : 'false'}
          @click=${() => view.onMenuAction(index)}
        >
          <span>${option.title}</span>${option.shortcut ? html`<kbd class="palette__shortcut">${option.shortcut}</kbd>` : nothing}
        </div>`,
      )}
    </div>`;
  }

  private renderDetail(view: PaletteView, state: PaletteState) {
    const detail = state.detail!;
    return html`<aside part="detail" class="palette__detail" tabindex="0" aria-label=${view.strings.detailLabel}>
      ${detail.loading ? html`<p class="palette__muted">${view.strings.loading}</p>` : nothing}
      ${detail.error ? html`<p class="palette__error">${view.strings.error('detail', undefined, detail.error)}</p>` : nothing}
      ${detail.surface ? html`<dddk-surface .surface=${detail.surface}></dddk-surface>` : nothing}
    </aside>`;
  }
}

/** A press on the list or the menu keeps focus (and the caret) in the field. */
function keepFocusInField(event: MouseEvent): void {
  event.preventDefault();
}

/** The panel's styles join the element's own, in its shadow root. */
function adoptStyles(element: HTMLElement, styles: CSSResult): void {
  const root = element.shadowRoot;
  if (!root) return;
  if (styles.styleSheet && 'adoptedStyleSheets' in root) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, styles.styleSheet];
  } else {
    const style = document.createElement('style');
    style.textContent = styles.cssText;
    root.append(style);
  }
}

/** Matched parts become `<mark>`s; every segment is a text binding, never markup. */
function segments(parts: readonly HighlightSegment[]) {
  return parts.map((part) => (part.match ? html`<mark part="match">${part.text}</mark>` : part.text));
}

function iconTemplate(icon: PaletteIcon | undefined) {
  if (icon === undefined) return nothing;
  if (typeof icon === 'string') return icon;
  return builtinIcons[icon.builtin] ?? nothing;
}

/** The strings name the keys as on Windows and Linux; a Mac reads ⌘ where they say Ctrl. */
function keysForPlatform(text: string): string {
  return APPLE ? text.replace(/\bCtrl\+/g, '⌘') : text;
}
