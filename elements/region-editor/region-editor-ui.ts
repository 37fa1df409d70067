import { adoptStyles, html, nothing, type CSSResultOrNative } from 'lit';
import { classMap } from 'lit/directives/class-map.js';
import { live } from 'lit/directives/live.js';
import { styleMap } from 'lit/directives/style-map.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import type { LLMSource } from '../../core/llm/types.js';
import { createRegionPage, findRegion, regionAt, regionContainer, REGION_ATTRIBUTE } from '../../core/page/region-page.js';
import { createPageRegionEditor, type PageRegionEditor } from '../../core/region-editor/page-region-editor.js';
import { connectRegionEditor, type RegionEditorView } from '../../core/region-editor/region-editor.connect.js';
import type { RegionChangeCause, RegionEditorModel } from '../../core/region-editor/region-editor.types.js';
import type { DocumentStore } from '../../core/targets/stores/document-store.js';
import type { DddkElementEventName } from '../internal/dddk-element.js';
import { composedContains } from '../internal/focus-return.js';
import { deepActiveElement } from '../../core/page/deep-active-element.js';
import { isComposingKey, isTypingTarget, keyTarget } from '../../core/input/keys.js';
import { sharedStyles } from '../internal/shared.styles.js';
import { regionEditorStyles } from './region-editor.styles.js';

/** What the editor's element offers the code that runs it. */
export interface RegionEditorHost extends HTMLElement {
  readonly llm: LLMSource | undefined;
  readonly store: DocumentStore | undefined;
  readonly src: string | undefined;
  readonly target: string | Element | undefined;
  /** The controller found by the element's binding, if any. */
  readonly resolvedController: DddkController | undefined;
  requestUpdate(): void;
  emit(name: DddkElementEventName, options?: { detail: unknown }): unknown;
  toggleState(name: string, on: boolean): void;
}

interface OutlineBox {
  readonly id: string;
  readonly label: string;
  readonly top: number;
  readonly left: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Everything `<dddk-region-editor>` does once a page uses it: the model over the document, the
 * panel, the outlines, the keys and the rendering of changed regions into the page. It lives in its
 * own chunk so that pages without an editor never download it.
 */
export class RegionEditorUi {
  private readonly host: RegionEditorHost;
  private readonly editor: PageRegionEditor;
  private view: RegionEditorView | undefined;
  private watchedContainer: Element | undefined;
  private hoveredRegion: Element | undefined;
  private focusedRegionId: string | undefined;
  private previousPhase: string | undefined;
  private outlineBox: OutlineBox | undefined;
  private active = 0;
  private connected = false;

  constructor(host: RegionEditorHost, baseStyles: readonly CSSResultOrNative[]) {
    this.host = host;
    this.editor = createPageRegionEditor({
      settings: () => ({ store: host.store, src: host.src, target: host.target, llm: host.llm, controllerLlm: host.resolvedController?.llm }),
      page: createRegionPage(() => this.container()),
      onChange: () => this.handleChange(),
      onRegionChange: (ids, cause) => this.handleRegionChange(ids, cause),
      onConflict: (message) => host.emit('dddk-region-conflict', { detail: { message } }),
    });
    if (host.shadowRoot) adoptStyles(host.shadowRoot, [...baseStyles, sharedStyles, regionEditorStyles]);
  }

  private get outline(): OutlineBox | undefined {
    return this.outlineBox;
  }

  private set outline(box: OutlineBox | undefined) {
    this.outlineBox = box;
    this.host.requestUpdate();
  }

  private get activeIndex(): number {
    return this.active;
  }

  private set activeIndex(index: number) {
    this.active = index;
    this.host.requestUpdate();
  }

  get editorModel(): RegionEditorModel | undefined {
    return this.editor.model;
  }

  private get model(): RegionEditorModel | undefined {
    return this.editor.model;
  }

  connect(): void {
    if (this.connected) return;
    this.connected = true;
    window.addEventListener('scroll', this.handleViewportChange, { capture: true, passive: true });
    window.addEventListener('resize', this.handleViewportChange, { passive: true });
    this.watchContainer(this.container());
    this.editor.connect();
  }

  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    window.removeEventListener('scroll', this.handleViewportChange, { capture: true });
    window.removeEventListener('resize', this.handleViewportChange);
    this.watchContainer(undefined);
    this.editor.disconnect();
  }

  /** Runs before each render: the model follows the current model source, the view the current state. */
  beforeRender(): void {
    this.editor.sync();
    this.watchContainer(this.container());
    const state = this.model?.getState();
    const locale = this.host.resolvedController?.locale ?? (document.documentElement.lang || 'en');
    this.view = state ? connectRegionEditor(state, locale) : undefined;
  }

  /** The element holding the regions: `target`, else the editor's own children. */
  private container(): Element | undefined {
    return regionContainer(this.host, this.host.target);
  }

  editRegion(id: string, instruction?: string): Promise<void> {
    return this.editor.editRegion(id, instruction);
  }

  ensureModel(): Promise<RegionEditorModel | undefined> {
    return this.editor.open();
  }

  private handleChange(): void {
    if (!this.model) this.outline = undefined;
    this.refreshOutline();
    this.host.requestUpdate();
  }

  private handleRegionChange(ids: readonly string[], cause: RegionChangeCause): void {
    this.host.emit('dddk-region-change', { detail: { ids: [...ids], cause } });
  }

  private watchContainer(container: Element | undefined): void {
    if (container === this.watchedContainer) return;
    this.watchedContainer?.removeEventListener('pointerover', this.handlePointerOver);
    this.watchedContainer?.removeEventListener('pointerleave', this.handlePointerLeave);
    this.watchedContainer = container;
    container?.addEventListener('pointerover', this.handlePointerOver);
    container?.addEventListener('pointerleave', this.handlePointerLeave);
  }

  private readonly handlePointerOver = (event: Event): void => {
    const container = this.watchedContainer;
    const region = container ? regionAt(container, event.target) : undefined;
    if (!region) return;
    this.hoveredRegion = region;
    this.refreshOutline();
  };

  // The outline's label may sit outside the container: leaving towards it keeps the outline up.
  private readonly handlePointerLeave = (): void => {
    window.setTimeout(() => {
      if (this.host.shadowRoot?.querySelector('.outline__label')?.matches(':hover')) return;
      this.clearHover();
    }, 250);
  };

  private readonly clearHover = (): void => {
    this.hoveredRegion = undefined;
    this.refreshOutline();
  };

  private readonly handleViewportChange = (): void => {
    if (this.outline) this.refreshOutline();
  };

  /** Outlines the hovered region, else the one focused in the list, else the selected one. */
  private refreshOutline(): void {
    const container = this.container();
    const view = this.view;
    if (!container || !view) {
      this.outline = undefined;
      return;
    }
    const hoveredId = this.hoveredRegion?.isConnected ? this.hoveredRegion.getAttribute(REGION_ATTRIBUTE) ?? undefined : undefined;
    const id = hoveredId ?? this.focusedRegionId ?? view.selected?.id;
    const region = id === undefined ? undefined : view.regions.find((option) => option.id === id);
    const element = region ? findRegion(container, region.id) : undefined;
    if (!region || !element) {
      this.outline = undefined;
      return;
    }
    const rect = element.getBoundingClientRect();
    this.outline = { id: region.id, label: region.label, top: rect.top, left: rect.left, width: rect.width, height: rect.height };
  }

  /** The editor's shadow content: the panel, the slotted page, and the outline layer. */
  render() {
    const view = this.view;
    return html`
      ${this.renderPanel(view)}
      <slot></slot>
      ${this.renderOverlay(view)}
    `;
  }

  private renderPanel(view: RegionEditorView | undefined) {
    const strings = view?.strings;
    return html`
      <section
        part="panel"
        class="panel"
        aria-label=${strings?.toolbarLabel ?? 'Region editor'}
        @keydown=${this.handleKeyDown}
        data-html2canvas-ignore
      >
        <div part="toolbar" class="toolbar">
          ${this.renderRegionList(view)}
          <div class="history">
            <button type="button" part="button undo-button" class="button" ?disabled=${!view?.canUndo} aria-keyshortcuts="Control+Z Meta+Z" @click=${() => this.model?.undo()}>
              ${strings?.undo ?? 'Undo'}
            </button>
            <button type="button" part="button redo-button" class="button" ?disabled=${!view?.canRedo} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z" @click=${() => this.model?.redo()}>
              ${strings?.redo ?? 'Redo'}
            </button>
          </div>
        </div>
        ${view ? this.renderWork(view) : nothing}
        ${view?.conflict || view?.phase === 'unavailable'
          ? html`<div class="actions">
              <button type="button" part="button reload-button" class="button button--primary" @click=${() => this.model?.reload()}>${view.strings.reload}</button>
            </div>`
          : nothing}
        <div class="messages">
          <p part="status" class="status" role="status" aria-live="polite">${view?.status ?? ''}</p>
          <p part="alert" class="alert" role="alert">${view?.alert ?? ''}</p>
        </div>
      </section>
    `;
  }

  private renderRegionList(view: RegionEditorView | undefined) {
    const regions = view?.regions ?? [];
    const active = Math.min(this.activeIndex, Math.max(regions.length - 1, 0));
    return html`
      <ul
        part="regions"
        class="regions"
        role="listbox"
        tabindex=${regions.length > 0 ? '0' : '-1'}
        aria-label=${view?.strings.regionsLabel ?? 'Editable regions'}
        aria-activedescendant=${regions.length > 0 ? `region-option-${active}` : nothing}
        @keydown=${this.handleListKeyDown}
        @focus=${this.handleListFocus}
        @blur=${this.handleListBlur}
      >
        ${regions.map(
          (region, index) => html`<li
            id=${`region-option-${index}`}
            part="region-option"
            class=${classMap({ 'region-option': true, 'region-option--active': index === active && this.focusedRegionId !== undefined })}
            role="option"
            aria-selected=${region.selected ? 'true' : 'false'}
            data-region=${region.id}
            @click=${() => this.pick(index)}
          >${region.label}</li>`,
        )}
      </ul>
    `;
  }

  private renderWork(view: RegionEditorView) {
    const { strings, selected } = view;
    if (!selected) return nothing;
    return html`
      <p part="heading" class="heading">${strings.editing(selected.label)}</p>
      ${view.showInstruction
        ? html`<form part="instruction-form" class="form" @submit=${this.handleProposeSubmit}>
            <label for="instruction">${strings.instructionLabel}</label>
            <textarea
              id="instruction"
              part="instruction"
              class="field"
              rows="2"
              placeholder=${strings.instructionPlaceholder}
              .value=${live(this.model?.getState().instruction ?? '')}
              @input=${(event: Event) => this.model?.setInstruction((event.target as HTMLTextAreaElement).value)}
              @keydown=${this.handleInstructionKeyDown}
            ></textarea>
            <div class="actions">
              <button type="submit" part="button propose-button" class="button button--primary" ?disabled=${view.busy}>${strings.propose}</button>
              <button type="button" part="button source-button" class="button" ?disabled=${view.busy} @click=${() => this.model?.startManualEdit()}>${strings.editSource}</button>
              <button type="button" part="button close-button" class="button" @click=${() => this.model?.select(undefined)}>${strings.close}</button>
            </div>
          </form>`
        : nothing}
      ${view.offlineNote ? html`<p part="offline-note" class="note">${view.offlineNote}</p>` : nothing}
      ${view.offlineNote && !view.showManual
        ? html`<div class="actions">
              <button type="button" part="button source-button" class="button button--primary" ?disabled=${view.busy} @click=${() => this.model?.startManualEdit()}>${strings.editSource}</button>
              <button type="button" part="button close-button" class="button" @click=${() => this.model?.select(undefined)}>${strings.close}</button>
            </div>`
        : nothing}
      ${view.showStream
        ? html`<pre part="stream" class="stream" role="group" aria-busy="true" aria-label=${strings.streamLabel}>${view.streamText}<span class="stream__cursor" aria-hidden="true"></span></pre>
            <div class="actions">
              <button type="button" part="button stop-button" class="button" @click=${() => this.model?.stop()}>${strings.stop}</button>
            </div>`
        : nothing}
      ${view.showReview ? this.renderReview(view) : nothing}
      ${view.showManual ? this.renderSource(view, selected.label) : nothing}
    `;
  }

  private renderReview(view: RegionEditorView) {
    const { strings } = view;
    return html`
      <pre part="diff" class="diff" role="group" tabindex="-1" aria-label=${strings.diffLabel}>${view.diff.map((hunk) =>
        hunk.kind === 'added'
          ? html`<ins><span class="visually-hidden">${strings.added} </span>${hunk.text}</ins>`
          : hunk.kind === 'removed'
            ? html`<del><span class="visually-hidden">${strings.removed} </span>${hunk.text}</del>`
            : hunk.text,
      )}</pre>
      <div class="actions">
        <button type="button" part="button accept-button" class="button button--primary" ?disabled=${view.busy} @click=${() => this.model?.accept()}>${strings.accept}</button>
        <button type="button" part="button reject-button" class="button" ?disabled=${view.busy} @click=${() => this.model?.reject()}>${strings.reject}</button>
      </div>
      <form part="refine-form" class="form" @submit=${this.handleRefineSubmit}>
        <label for="refine">${strings.refineLabel}</label>
        <input id="refine" part="refine-input" class="field" name="refine" type="text" autocomplete="off" />
        <div class="actions">
          <button type="submit" part="button refine-button" class="button" ?disabled=${view.busy}>${strings.refine}</button>
        </div>
      </form>
    `;
  }

  private renderSource(view: RegionEditorView, label: string) {
    const { strings } = view;
    return html`
      <form part="source-form" class="form" @submit=${this.handleSourceSubmit}>
        <label for="source">${strings.sourceLabel(label)}</label>
        <textarea
          id="source"
          part="source"
          class="field field--source"
          spellcheck="false"
          .value=${live(view.draft)}
          @input=${(event: Event) => this.model?.setDraft((event.target as HTMLTextAreaElement).value)}
        ></textarea>
        <div class="actions">
          <button type="submit" part="button save-button" class="button button--primary" ?disabled=${view.busy}>${strings.save}</button>
          <button type="button" part="button cancel-button" class="button" ?disabled=${view.busy} @click=${() => this.model?.cancelManualEdit()}>${strings.cancel}</button>
        </div>
      </form>
    `;
  }

  private renderOverlay(view: RegionEditorView | undefined) {
    const box = this.outline;
    if (!box || !view) return nothing;
    const selected = view.selected?.id === box.id;
    return html`<div part="overlay" class="overlay" data-html2canvas-ignore>
      <div
        part="outline"
        class=${classMap({ outline: true, 'outline--selected': selected })}
        style=${styleMap({ top: `${box.top}px`, left: `${box.left}px`, width: `${box.width}px`, height: `${box.height}px` })}
      >
        <button type="button" part="outline-label" class="outline__label" tabindex="-1" @click=${() => this.pickId(box.id)} @pointerleave=${this.clearHover}>
          ${view.strings.editRegion(box.label)}
        </button>
      </div>
    </div>`;
  }

  afterRender(): void {
    const view = this.view;
    this.host.toggleState('streaming', view?.phase === 'streaming');
    this.host.toggleState('reviewing', view?.showReview ?? false);
    this.host.toggleState('editing-source', view?.showManual ?? false);
    this.host.toggleState('conflict', view?.conflict ?? false);
    const phase = view?.phase;
    if (phase !== this.previousPhase) {
      const previous = this.previousPhase;
      this.previousPhase = phase;
      this.moveFocusAfter(previous, phase);
    }
  }

  /** Keeps focus in the editor when the part holding it goes away (a proposal accepted, a source saved). */
  private moveFocusAfter(previous: string | undefined, phase: string | undefined): void {
    const root = this.host.shadowRoot;
    if (!root) return;
    const active = deepActiveElement();
    const focusIsOurs = active === null || active === document.body || composedContains(this.host, active);
    if (!focusIsOurs) return;
    if (phase === 'review') root.querySelector<HTMLElement>('.diff')?.focus({ preventScroll: true });
    else if (phase === 'manual') root.querySelector<HTMLElement>('#source')?.focus({ preventScroll: true });
    else if (phase === 'idle' && (previous === 'saving' || previous === 'review' || previous === 'manual' || previous === 'streaming')) {
      const fallback = root.querySelector<HTMLElement>('#instruction') ?? root.querySelector<HTMLElement>('.regions');
      if (!active || active === document.body || !active.isConnected || active === this.host) fallback?.focus({ preventScroll: true });
    }
  }

  private pick(index: number): void {
    this.activeIndex = index;
    const region = this.view?.regions[index];
    if (region) this.pickId(region.id);
  }

  private pickId(id: string): void {
    const model = this.model;
    if (!model) return;
    const index = this.view?.regions.findIndex((region) => region.id === id) ?? -1;
    if (index >= 0) this.activeIndex = index;
    model.select(id);
    if (!model.getState().aiAvailable && model.getState().selectedId === id) void model.startManualEdit(id);
    this.refreshOutline();
  }

  private readonly handleListFocus = (): void => {
    const regions = this.view?.regions ?? [];
    const selected = regions.findIndex((region) => region.selected);
    if (selected >= 0) this.activeIndex = selected;
    this.focusedRegionId = regions[Math.min(this.activeIndex, regions.length - 1)]?.id;
    this.refreshOutline();
  };

  private readonly handleListBlur = (): void => {
    this.focusedRegionId = undefined;
    this.refreshOutline();
  };

  private readonly handleListKeyDown = (event: KeyboardEvent): void => {
    if (isComposingKey(event)) return;
    const regions = this.view?.regions ?? [];
    if (regions.length === 0) return;
    const last = regions.length - 1;
    let next: number | undefined;
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') next = Math.min(this.activeIndex + 1, last);
    else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') next = Math.max(this.activeIndex - 1, 0);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.pick(Math.min(this.activeIndex, last));
      return;
    }
    if (next === undefined) return;
    event.preventDefault();
    this.activeIndex = next;
    this.focusedRegionId = regions[next]!.id;
    this.refreshOutline();
  };

  // Undo and redo answer inside the editor, but never while a text field has focus: there they are the field's own.
  private readonly handleKeyDown = (event: KeyboardEvent): void => {
    if (isComposingKey(event) || event.defaultPrevented) return;
    if (event.key === 'Escape' && this.view?.phase === 'streaming') {
      event.preventDefault();
      this.model?.stop();
      return;
    }
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'z') return;
    if (isTypingTarget(keyTarget(event))) return;
    event.preventDefault();
    if (event.shiftKey) void this.model?.redo();
    else void this.model?.undo();
  };

  private readonly handleInstructionKeyDown = (event: KeyboardEvent): void => {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key !== 'Enter' || event.shiftKey || isComposingKey(event)) return;
    event.preventDefault();
    (event.currentTarget as HTMLTextAreaElement).form?.requestSubmit();
  };

  private readonly handleProposeSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    const model = this.model;
    if (!model) return;
    void model.propose(model.getState().instruction);
  };

  private readonly handleRefineSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    const input = (event.currentTarget as HTMLFormElement).elements.namedItem('refine');
    if (!(input instanceof HTMLInputElement) || input.value.trim() === '') return;
    const text = input.value;
    input.value = '';
    void this.model?.refine(text);
  };

  private readonly handleSourceSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    void this.model?.saveManualEdit();
  };
}
