import { html, nothing, svg, type ReactiveController, type CSSResult, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { repeat } from 'lit/directives/repeat.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import { keyTarget } from '../../core/input/keys.js';
import type { PaletteContextModel } from '../../core/palette/context/palette-context.types.js';
import { controllerPlacements, type PlacedSurface } from '../../core/surface/controller-surfaces.js';
import { presentPlacementSlot } from '../../core/surface/placement-presenters.js';
import type { Placement } from '../../core/surface/placements.js';
import type { SurfaceResult } from '../../core/surface/surface-model.js';
import { optionId, type PaletteView } from '../../core/palette/palette.connect.js';
import type { PaletteResult } from '../../core/palette/palette-handle.types.js';
import type { PaletteIcon, PaletteItem } from '../../core/palette/palette-item.types.js';
import type { PaletteModel, PaletteRow, PaletteState } from '../../core/palette/palette.types.js';
import { formatShortcut } from '../../core/palette/shortcut.js';
import type { HighlightSegment } from '../../core/search/fuzzy/highlight.js';
import { markdown } from '../internal/markdown/markdown.directive.js';
import { cancelPlacement, focusFirstControl, placedSurfaceElement, placementOfEvent, renderPlacedSurface } from '../surface/placed-surface.js';
import { elementController, openedForSurface } from '../surface/slot-presenters.js';
import { defineSurface } from '../surface/surface.js';
import { groupKey, slotTop, visibleRange } from './list-layout.js';
import { loadHtmlSanitizer } from '../internal/sanitize/lazy-html-sanitizer.js';
import type { ListWindow } from './list-window.js';
import { builtinIcons } from './palette-icons.js';
import { palettePanelStyles } from './palette-panel.styles.js';

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
  /** The virtualized list's layout, scroll position and pointer handlers. */
  readonly list: ListWindow;
  /** The chip bar's model while the palette shows context chips. */
  readonly contextModel: PaletteContextModel | undefined;
}

/** Draws the palette panel of one element: a part of the element that arrives with its chunk. */
export class PalettePanel implements ReactiveController {
  private sanitized: { html: string; fragment: DocumentFragment | undefined; error: string | undefined } | undefined;

  private watched: { controller: DddkController; stop: () => void } | undefined;
  /** The surfaces placed in the controller's `palette` slot; they show in place of the list. */
  private placed: readonly Placement<PlacedSurface>[] = [];
  private shownPlacementIds = new Set<number>();

  constructor(private readonly host: PalettePanelHost) {
    adoptStyles(host.element, palettePanelStyles);
  }

  private get element(): HTMLElement {
    return this.host.element;
  }

  private requestUpdate(): void {
    this.host.element.requestUpdate();
  }

  hostDisconnected(): void {
    this.watched?.stop();
    this.watched = undefined;
  }

  render() {
    const view = this.host.view;
    this.syncPlacements(view);
    const placed = this.placed.length > 0;
    const input = view?.input;
    const state = view?.state;
    const canGoBack = placed || (!!state && (state.trail.length > 0 || !!state.result || !!state.inputContext));
    const chip = state?.inputContext?.chipLabel ?? state?.trail[state.trail.length - 1];
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
          <label class="visually-hidden" for="palette-input">${input?.label ?? ''}</label>
          <input
            id="palette-input"
            part="input"
            class="palette__input"
            type="text"
            role=${input?.role ?? 'combobox'}
            aria-expanded=${placed ? 'false' : (input?.['aria-expanded'] ?? 'false')}
            aria-controls=${input?.['aria-controls'] ?? 'palette-listbox'}
            aria-autocomplete=${input?.['aria-autocomplete'] ?? 'list'}
            aria-activedescendant=${placed ? nothing : (input?.['aria-activedescendant'] ?? nothing)}
            aria-describedby="palette-hint"
            aria-busy=${state?.busy ? 'true' : 'false'}
            placeholder=${input?.placeholder ?? ''}
            autocomplete="off"
            autocapitalize="off"
            spellcheck="false"
            enterkeyhint="go"
            .value=${live(view?.query ?? '')}
            @input=${this.handleInput}
          />
          ${state?.busy ? html`<span class="palette__spinner" aria-hidden="true"></span>` : nothing}
          ${this.host.inline
            ? nothing
            : html`<button part="close-button" class="palette__icon-button" type="button" aria-label=${view?.closeButton.label ?? ''} @click=${() => this.host.model?.close()}>
                ${closeIcon}
              </button>`}
        </div>
        ${view && state && state.categories.length > 0 && view.listVisible && !placed ? this.renderCategories(view, state) : nothing}
        ${view?.error ? html`<p part="error" class="palette__error" role="alert">${view.error}</p>` : nothing}
        <div class="palette__body">
          ${placed && view
            ? html`${this.renderSurfaces(view)} ${this.renderList(undefined)}`
            : html`${state?.result && view ? this.renderResult(view, state.result) : nothing} ${this.renderList(view)}
              ${view && state?.detail && view.listVisible ? this.renderDetail(view, state) : nothing}`}
        </div>
        ${view?.actionsMenu ? this.renderActionsMenu(view) : nothing}
        <p id="palette-hint" part="hint" class="palette__hint">${keysForPlatform(view?.hint ?? '')}</p>
        <div class="visually-hidden" role="status" aria-live="polite">${view?.status ?? ''}</div>
      </div>
    `;
  }

  /** The placed surfaces, in the result area; Esc or the back button cancels the newest. */
  private renderSurfaces(view: PaletteView) {
    // Registered when a surface is first placed here, so a palette that never shows one leaves the tag alone.
    defineSurface();
    const controller = this.watched?.controller;
    const newest = this.placed[this.placed.length - 1]!;
    return html`<section part="result surfaces" class="palette__result palette__surfaces" aria-label=${newest.content().label ?? view.strings.resultLabel}>
      ${repeat(
        this.placed,
        (placement) => placement.id,
        (placement) => renderPlacedSurface(placement, { controller, onSettled: (result) => this.afterSettled(placement, result) }),
      )}
    </section>`;
  }

  /** Follows the placements of the palette's controller and records the palette as showing its `palette` slot. */
  private syncPlacements(view: PaletteView | undefined): void {
    const controller = this.element.isConnected ? elementController(this.element) : undefined;
    if (controller !== this.watched?.controller) {
      this.watched?.stop();
      this.watched = undefined;
      if (controller) {
        const stopWatching = controllerPlacements(controller).subscribe((slot) => {
          if (slot === 'palette') this.requestUpdate();
        });
        const stopPresenting = presentPlacementSlot(controller, 'palette', this.element);
        this.watched = {
          controller,
          stop: () => {
            stopWatching();
            stopPresenting();
          },
        };
      }
    }
    const placed = controller ? controllerPlacements(controller).in('palette') : [];
    this.placed = placed;
    if (placed.length > 0 && view && !view.open && !this.host.inline) {
      // The palette closed (backdrop, ×) while surfaces waited in it: they are cancelled, as Esc would.
      queueMicrotask(() => this.cancelAll());
      return;
    }
    const added = placed.filter((placement) => !this.shownPlacementIds.has(placement.id));
    this.shownPlacementIds = new Set(placed.map((placement) => placement.id));
    const newest = added[added.length - 1];
    // After this render is in the page (and after the palette focused its field on opening).
    if (newest) queueMicrotask(() => this.focusSurface(newest));
  }

  private focusSurface(placement: Placement<PlacedSurface>): void {
    const element = placedSurfaceElement(this.element.shadowRoot, placement);
    if (element) void focusFirstControl(element);
  }

  private cancelAll(): void {
    for (const placement of [...this.placed]) cancelPlacement(placement, placedSurfaceElement(this.element.shadowRoot, placement));
  }

  /** Cancels the surface an event came from, else the newest; false when none is placed. */
  private cancelSurface(event?: Event): boolean {
    const placement = (event && placementOfEvent(event, this.placed)) ?? this.placed[this.placed.length - 1];
    if (!placement) return false;
    cancelPlacement(placement, placedSurfaceElement(this.element.shadowRoot, placement), {
      onSettled: (result) => this.afterSettled(placement, result),
    });
    return true;
  }

  /**
   * A surface that opened the palette closes it again once submitted; otherwise (a cancel, or a
   * palette that was open already) the palette goes back to its list with focus in the field.
   */
  private afterSettled(placement: Placement<PlacedSurface>, result: SurfaceResult): void {
    if (this.placed.some((other) => other !== placement && other.isMounted())) return;
    if (result.action.type === 'submit' && openedForSurface.has(placement.content())) {
      this.host.model?.close();
      return;
    }
    this.requestUpdate();
    this.element.shadowRoot?.querySelector<HTMLInputElement>('#palette-input')?.focus({ preventScroll: true });
  }

  private readonly handleKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && !event.isComposing && this.cancelSurface(event)) {
      // Handled here so that the palette itself (and the page's other Escape listeners) stay put.
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    this.host.view?.onKeyDown(event, { inField: keyTarget(event) === this.field });
  };

  private readonly handleInput = (event: InputEvent): void => {
    this.host.view?.onInput((event.target as HTMLInputElement).value);
  };

  private get field(): HTMLInputElement | null {
    return this.element.shadowRoot?.querySelector<HTMLInputElement>('#palette-input') ?? null;
  }

  private readonly handleBack = (): void => {
    if (!this.cancelSurface()) this.host.model?.back();
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
    const list = this.host.list;
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
        : html`<div class="palette__sizer" style="height: ${this.host.list.layout.total}px">
            <div class="palette__window" style="transform: translateY(${slotTop(this.host.list.layout, start)}px)">${this.renderWindow(view!, start, end)}</div>
            ${stray >= 0
              ? html`<div class="palette__stray" style="top: ${this.host.list.layout.tops[stray]}px">${this.renderOption(view!, state!.rows[stray]!, stray, state!.rows.length)}</div>`
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
          ${this.host.list.layout.headed[from] ? html`<div part="group-heading" class="palette__heading" aria-hidden="true">${label}</div>` : nothing}
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
      style="height: ${this.host.list.layout.heights[index]}px"
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

  private renderResult(view: PaletteView, result: PaletteResult) {
    const streaming = (result.kind === 'stream' || result.kind === 'mount') && result.streaming;
    const error = result.kind === 'stream' || result.kind === 'mount' ? result.error : undefined;
    return html`<section part="result" class="palette__result" aria-label=${result.title ?? view.strings.resultLabel} aria-busy=${streaming ? 'true' : 'false'}>
      <header class="palette__result-header">
        ${result.title ? html`<h2 part="result-title" class="palette__result-title">${result.title}</h2>` : nothing}
        ${streaming && result.kind === 'stream'
          ? html`<button part="result-cancel" class="palette__text-button" type="button" @click=${() => this.host.model?.cancelResult()}>${view.strings.cancel}</button>`
          : nothing}
      </header>
      <div part="result-body" class="palette__result-body">${this.renderResultBody(view, result)}</div>
      ${error ? html`<p part="error" class="palette__error" role="alert">${view.strings.error('result', undefined, error)}</p>` : nothing}
    </section>`;
  }

  private renderResultBody(view: PaletteView, result: PaletteResult) {
    switch (result.kind) {
      case 'text':
      case 'stream':
        return html`<div class="palette__result-text">${result.text}</div>`;
      case 'markdown':
        return html`<div class="palette__result-markdown">${markdown(result.text)}</div>`;
      case 'html':
        return this.renderSanitized(view, result.html);
      case 'node':
      case 'mount': {
        const node = result.kind === 'node' ? result.node : result.mount;
        return node instanceof Node ? node : nothing;
      }
      case 'surface':
        return html`<dddk-surface .surface=${result.surface}></dddk-surface>`;
    }
  }

  private renderSanitized(view: PaletteView, source: string) {
    if (this.sanitized?.html !== source) {
      const entry: NonNullable<typeof this.sanitized> = { html: source, fragment: undefined, error: undefined };
      this.sanitized = entry;
      // A result's HTML is read, not used: the reading policy, as for markdown answers.
      loadHtmlSanitizer('reading').then(
        (sanitizer) => {
          entry.fragment = sanitizer.toFragment(source);
          if (this.sanitized === entry) this.requestUpdate();
        },
        (error: unknown) => {
          entry.error = error instanceof Error ? error.message : String(error);
          if (this.sanitized === entry) this.requestUpdate();
        },
      );
    }
    const entry = this.sanitized;
    if (entry.error) return html`<p class="palette__error" role="alert">${view.strings.error('result', undefined, entry.error)}</p>`;
    // A fragment empties itself when inserted, so each render inserts a copy.
    return entry.fragment ? html`<div class="palette__result-html">${entry.fragment.cloneNode(true)}</div>` : html`<p class="palette__muted">${view.strings.loading}</p>`;
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
