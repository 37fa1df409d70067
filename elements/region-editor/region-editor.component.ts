import { css, html } from 'lit';
import { property } from 'lit/decorators.js';
import type { RegionEditorModel } from '../../core/region-editor/region-editor.types.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import type { LLMSource } from '../../core/llm/types.js';
import type { DocumentStore } from '../../core/targets/stores/document-store.js';
import { DddkElement } from '../internal/dddk-element.js';
import { LazyView } from '../internal/lazy-view.js';
import { ModelBinding, type Subscribable } from '../internal/model-binding.js';
import { regionEditorUi } from './lazy-region-editor.js';
import type { RegionEditorUi } from './region-editor-ui.js';

const NO_MODEL: Subscribable = { subscribe: () => () => undefined };

/**
 * @tagname dddk-region-editor
 * @summary AI editing of the tagged regions of a page. It wraps the content whose elements carry
 * `data-agent-element` (with `data-agent-role` and `data-agent-label`), or the element named by
 * `target`, and edits the HTML document behind it: the wrapped content itself, a `store`, or the
 * document at `src`. Regions are outlined with their labels on hover and listed in a listbox, so a
 * keyboard reaches every one. Pick a region, say what should change, watch the proposal stream in,
 * review the word-level diff, then accept, reject or refine it. Every write is validated by the
 * region target (the page outside the region stays byte for byte the same), can be undone and
 * redone (buttons, or Ctrl/⌘+Z and Ctrl/⌘+Shift+Z inside the editor outside text fields), and is
 * rendered into the page sanitized, replacing only the changed region's DOM. Without a model the
 * region's HTML source is edited directly, through the same validation and history. Refusals and
 * store conflicts are announced in a live region, in plain sentences chosen by the refusal's code
 * (the reason written for the model, with ids and quoted markup, stays in the notice's `detail`).
 * Opening a region scrolls it into view under the panel, which sticks to the top of the viewport
 * (at `--panel-top`) and scrolls inside itself when taller than the viewport leaves room for.
 *
 * @slot - The content whose tagged regions are edited (unless `target` names other content).
 *
 * @event {DddkRegionChangeEvent} dddk-region-change - Regions were re-rendered (`detail.ids`, `detail.cause`).
 * @event {DddkRegionConflictEvent} dddk-region-conflict - A save was refused: the document changed elsewhere.
 *
 * @csspart panel - The editor's panel above the content.
 * @csspart toolbar - The row holding the region list and the history buttons.
 * @csspart regions - The listbox of editable regions.
 * @csspart region-option - One region of the list.
 * @csspart heading - The name of the region being edited.
 * @csspart instruction-form - The instruction field and its buttons.
 * @csspart instruction - The instruction field.
 * @csspart offline-note - Says that no model is configured.
 * @csspart stream - The proposal as it streams in.
 * @csspart diff - The old → new comparison of the proposal (`<ins>` and `<del>` marks).
 * @csspart refine-form - The follow-up field under a proposal.
 * @csspart refine-input - The follow-up field.
 * @csspart source-form - The HTML source editor and its buttons.
 * @csspart source - The HTML source field.
 * @csspart button - Every button; `propose-button`, `stop-button`, `accept-button`, `reject-button`,
 * `refine-button`, `source-button`, `save-button`, `cancel-button`, `undo-button`, `redo-button`,
 * `reload-button` and `close-button` name each.
 * @csspart status - The polite live region (progress and outcomes).
 * @csspart alert - The assertive live region (refusals, conflicts, failures).
 * @csspart overlay - The layer drawing region outlines over the page.
 * @csspart outline - The outline of the hovered, focused or selected region.
 * @csspart outline-label - The label button on an outline.
 *
 * @cssproperty --outline-color - The colour of region outlines.
 * @cssproperty --panel-top - How far from the viewport's top the panel sticks while scrolling.
 *
 * @cssstate streaming - A proposal is streaming in.
 * @cssstate reviewing - A proposal waits for accept or reject.
 * @cssstate editing-source - The HTML source editor is open.
 * @cssstate conflict - The document changed elsewhere; writes wait for a reload.
 */
export class DddkRegionEditor extends DddkElement {
  // The panel's styles arrive with the rest of the editor (see region-editor-ui.ts); until then the
  // wrapped content shows as it is.
  static override styles = css`
    :host {
      display: block;
      position: relative;
    }
  `;

  /** The controller whose model proposes edits; wins over `for` and the page default. */
  @property({ attribute: false }) accessor controller: DddkController | undefined = undefined;

  /** The id of a controller created with `createDddk({ id })`; without it the page default is used. */
  @property() accessor for: string | undefined = undefined;

  /** The model for proposals; wins over the controller's `llm`. A router's `task` role is used. */
  @property({ attribute: false }) accessor llm: LLMSource | undefined = undefined;

  /** Where the HTML document lives; wins over `src`. Without either, the wrapped content is the document. */
  @property({ attribute: false }) accessor store: DocumentStore | undefined = undefined;

  /** The URL of the document (GET to read, PUT with If-Match to save), e.g. `/api/pages/home`. */
  @property() accessor src: string | undefined = undefined;

  /** The content to edit instead of the wrapped children: a selector (looked up in the document) or an element. */
  @property({ attribute: 'target' }) accessor target: string | Element | undefined = undefined;

  private readonly binding = new ModelBinding<Subscribable>(this, { select: () => NO_MODEL, events: ['locale_change'] });
  // Added after the binding, so the view reads the controller the binding resolved in the same update.
  private readonly ui = new LazyView(this, regionEditorUi, {
    create: (module) => new module.RegionEditorUi(this, [DddkRegionEditor.styles]),
  });
  private internals: ElementInternals | undefined;

  /** The controller this element uses (its `controller`, the one named by `for`, or the page default). */
  get resolvedController(): DddkController | undefined {
    return this.binding.controller;
  }

  /** The headless model, once loaded (`ready()` waits for it). */
  get editorModel(): RegionEditorModel | undefined {
    return this.ui.peek()?.editorModel;
  }

  /** Resolves once the document is loaded and its regions are listed. */
  async ready(): Promise<void> {
    await (await this.loadUi())?.ensureModel();
  }

  /**
   * Starts editing region `id` (a `data-agent-element` handle): with an instruction and a model, a
   * proposal streams in; without a model the region's HTML source opens.
   */
  async editRegion(id: string, instruction?: string): Promise<void> {
    await (await this.loadUi())?.editRegion(id, instruction);
  }

  /** Selects a region (undefined clears the selection) without starting anything. */
  async selectRegion(id: string | undefined): Promise<void> {
    (await (await this.loadUi())?.ensureModel())?.select(id);
  }

  async undo(): Promise<void> {
    await this.editorModel?.undo();
  }

  async redo(): Promise<void> {
    await this.editorModel?.redo();
  }

  /** Reads the document again (after a conflict, or to pick up changes made elsewhere). */
  async reload(): Promise<void> {
    await this.editorModel?.reload();
  }

  /** The whole document as its store holds it now. */
  async readDocument(): Promise<string | undefined> {
    return (await (await this.loadUi())?.ensureModel())?.readDocument();
  }

  /** Sets or clears a custom state (`:state(name)`), where the browser supports them. */
  toggleState(name: string, on: boolean): void {
    const states = this.internals?.states;
    if (!states) return;
    try {
      if (on) states.add(name);
      else states.delete(name);
    } catch {
      // Browsers without named custom states simply skip the :state() styling hook.
    }
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.internals && typeof this.attachInternals === 'function') this.internals = this.attachInternals();
  }

  /** The view once its chunk is there (undefined when it could not be loaded; the lazy view says why). */
  private async loadUi(): Promise<RegionEditorUi | undefined> {
    if (this.ui.get()) return this.ui.peek();
    try {
      await regionEditorUi.load();
    } catch {
      return undefined;
    }
    return this.ui.get();
  }

  protected override render() {
    return this.ui.render(html`<slot></slot>`);
  }
}
