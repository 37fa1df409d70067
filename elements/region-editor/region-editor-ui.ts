import { adoptStyles, html, type CSSResultOrNative, type ReactiveController } from 'lit';
import type { DddkController } from '../../core/controller/create-dddk.js';
import type { LLMSource } from '../../core/llm/types.js';
import { deepActiveElement } from '../../core/page/deep-active-element.js';
import { createRegionPage, findRegion, regionContainer } from '../../core/page/region-page.js';
import { createPageRegionEditor, type PageRegionEditor } from '../../core/region-editor/page-region-editor.js';
import { connectRegionEditor, type RegionEditorView } from '../../core/region-editor/region-editor.connect.js';
import type { RegionListCursor } from '../../core/region-editor/region-editor.handlers.js';
import type { RegionEditorModel } from '../../core/region-editor/region-editor.types.js';
import type { DocumentStore } from '../../core/targets/stores/document-store.js';
import type { DddkElementEventName } from '../internal/dddk-element.js';
import { composedContains } from '../internal/focus-return.js';
import { sharedStyles } from '../internal/shared.styles.js';
import { renderPanel } from './region-editor-panel.js';
import { regionEditorStyles } from './region-editor.styles.js';
import { RegionOutline } from './region-outline.js';
import { revealRegion } from './reveal-region.js';

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

const PHASES_THAT_END_WORK = new Set(['saving', 'review', 'manual', 'streaming']);
/** While the region is being worked on, the person should see it, not only the panel. */
const WORK_PHASES = new Set(['manual', 'streaming', 'review']);

/**
 * `<dddk-region-editor>` once a page uses it: the panel, the outlines and the focus, over the
 * headless editor of core/region-editor (which builds the model from the element's settings and
 * writes changed regions into the page). A controller of the element, brought by its lazy view: it
 * lives in its own chunk so that pages without an editor never download it.
 */
export class RegionEditorUi implements ReactiveController {
  private readonly host: RegionEditorHost;
  private readonly editor: PageRegionEditor;
  private readonly outline: RegionOutline;
  private view: RegionEditorView | undefined;
  private cursor: RegionListCursor = { activeIndex: 0, focusedId: undefined };
  private previousPhase: string | undefined;
  private revealed: string | undefined;

  constructor(host: RegionEditorHost, baseStyles: readonly CSSResultOrNative[]) {
    this.host = host;
    this.outline = new RegionOutline(host);
    this.editor = createPageRegionEditor({
      settings: () => ({ store: host.store, src: host.src, target: host.target, llm: host.llm, controllerLlm: host.resolvedController?.llm }),
      page: createRegionPage(() => this.container()),
      onChange: () => host.requestUpdate(),
      onRegionChange: (ids, cause) => host.emit('dddk-region-change', { detail: { ids: [...ids], cause } }),
      onConflict: (message) => host.emit('dddk-region-conflict', { detail: { message } }),
    });
    if (host.shadowRoot) adoptStyles(host.shadowRoot, [...baseStyles, sharedStyles, regionEditorStyles]);
  }

  get editorModel(): RegionEditorModel | undefined {
    return this.editor.model;
  }

  /** Resolves once the document is loaded and on the page. */
  ensureModel(): Promise<RegionEditorModel | undefined> {
    return this.editor.open();
  }

  editRegion(id: string, instruction?: string): Promise<void> {
    return this.editor.editRegion(id, instruction);
  }

  hostConnected(): void {
    this.outline.connect();
    this.outline.watch(this.container());
    this.editor.connect();
  }

  hostDisconnected(): void {
    this.outline.disconnect();
    this.editor.disconnect();
  }

  /** Before each render (after the binding resolved the controller): the editor follows the element's settings, the view the model's state. */
  hostUpdate(): void {
    this.editor.sync();
    if (this.host.isConnected) this.outline.watch(this.container());
    const model = this.editor.model;
    const locale = this.host.resolvedController?.locale ?? (document.documentElement.lang || 'en');
    this.view = model
      ? connectRegionEditor(model.getState(), locale, { model, cursor: () => this.cursor, setCursor: (cursor) => this.moveCursor(cursor) })
      : undefined;
    this.outline.measure(this.view, this.cursor.focusedId);
  }

  /** The editor's shadow content: the panel, the slotted page, and the outline layer. */
  render() {
    return html`
      ${renderPanel(this.view)}
      <slot></slot>
      ${this.outline.render(this.view)}
    `;
  }

  hostUpdated(): void {
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
    this.revealWorkedOn(view);
  }

  /**
   * Opening a region (its HTML, a proposal streaming, the review) grows the sticky panel, which
   * would push the region below the fold or cover it: the region is scrolled into view under the
   * panel, each time work on a region enters a new phase.
   */
  private revealWorkedOn(view: RegionEditorView | undefined): void {
    const working = view?.selected && WORK_PHASES.has(view.phase) ? `${view.selected.id}\n${view.phase}` : undefined;
    if (working === this.revealed) return;
    this.revealed = working;
    const container = this.container();
    const region = working && view?.selected && container ? findRegion(container, view.selected.id) : undefined;
    const panel = this.host.shadowRoot?.querySelector<HTMLElement>('.panel');
    if (region && panel) revealRegion(region, panel);
  }

  /** The element holding the regions: `target`, else the editor's own children. */
  private container(): Element | undefined {
    return regionContainer(this.host, this.host.target);
  }

  private moveCursor(cursor: RegionListCursor): void {
    this.cursor = cursor;
    this.host.requestUpdate();
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
    else if (phase === 'idle' && previous !== undefined && PHASES_THAT_END_WORK.has(previous)) {
      const fallback = root.querySelector<HTMLElement>('#instruction') ?? root.querySelector<HTMLElement>('.regions');
      if (!active || active === document.body || !active.isConnected || active === this.host) fallback?.focus({ preventScroll: true });
    }
  }
}
