import { nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import type { PieceCatalog } from '../../core/surface/piece-catalog.js';
import type { SurfaceData, SurfaceModel, SurfaceResult } from '../../core/surface/surface-model.js';
import type { SurfaceIssue } from '../../core/surface/surface.types.js';
import { DddkElement } from '../internal/dddk-element.js';
import { LazyView } from '../internal/lazy-view.js';
import { sharedStyles } from '../internal/shared.styles.js';
import { surfaceRuntime } from './lazy-surface-runtime.js';
import type { SurfaceMode } from './surface-view-host.js';

export type { SurfaceMode } from './surface-view-host.js';

/**
 * @tagname dddk-surface
 * @summary Renders a surface: a JSON tree of pieces (headings, text, inputs, tables, buttons, …)
 * and the data its bindings read and write. The JSON is validated when set; an invalid one shows a
 * notice listing each problem by path instead of rendering. Inputs write through the surface model;
 * buttons and links fire its actions. Inline by default; `mode="modal"` shows it in a modal dialog
 * and `mode="dock"` in a side sheet, both closed by a submit or cancel action, Esc or ×. The
 * validation and the piece renderers load on first use; `updateComplete` waits for them.
 *
 * @slot - Not rendered; content goes to the named slots that the surface's Slot pieces declare.
 *
 * @event {DddkSurfaceActionEvent} dddk-surface-action - A piece fired its action, or the user cancelled (Esc, ×).
 * @event {DddkSurfaceErrorEvent} dddk-surface-error - The `surface` set is invalid; `detail.issues` lists why.
 * @event dddk-show - A modal or dock opened.
 * @event dddk-close - A modal or dock closed.
 *
 * @csspart base - The container of the pieces.
 * @csspart piece - Every piece's outer node; `piece-<name>` (e.g. `piece-text-field`) names each kind.
 * @csspart error - The notice shown in place of an invalid surface.
 * @csspart dialog - The `<dialog>` of a modal surface.
 * @csspart dock - The side sheet of a docked surface.
 * @csspart close-button - The × of a modal or dock.
 *
 * @cssproperty --dock-width - How wide the dock is.
 * @cssproperty --modal-width - How wide the modal grows at most.
 */
export class DddkSurface extends DddkElement {
  static override styles = [sharedStyles];

  /** The controller whose locale the surface's own words follow; wins over `for` and the page default. */
  @property({ attribute: false }) accessor controller: DddkController | undefined = undefined;

  /** The id of a controller created with `createDddk({ id })`. */
  @property() accessor for: string | undefined = undefined;

  /** The surface JSON `{ root, data? }`; validated against `catalog` when set. Ignored while `model` is set. */
  @property({ attribute: false }) accessor surface: unknown = undefined;

  /** A surface model made elsewhere (e.g. a pinned panel's); wins over `surface`. */
  @property({ attribute: false }) accessor model: SurfaceModel | undefined = undefined;

  /** Initial data for `surface`; setting it later replaces the current data. */
  @property({ attribute: false }) accessor data: SurfaceData | undefined = undefined;

  /** The pieces `surface` may use; the built-in catalog when unset. */
  @property({ attribute: false }) accessor catalog: PieceCatalog | undefined = undefined;

  @property({ reflect: true }) accessor mode: SurfaceMode = 'inline';

  /** Whether a modal or dock is showing. Submit and cancel actions set it back to false. */
  @property({ type: Boolean, reflect: true }) accessor open = false;

  /** The accessible name of a modal or dock; defaults to the surface's first heading. */
  @property() accessor label: string | undefined = undefined;

  // Validation, the model and the pieces: loaded once a surface or a model is set.
  private readonly view = new LazyView(this, surfaceRuntime, {
    create: (runtime) => new runtime.SurfaceElementView(this, (this.constructor as typeof DddkSurface).elementStyles),
  });

  /** The model being rendered, or `undefined` while loading or when the surface is invalid. */
  get activeModel(): SurfaceModel | undefined {
    return this.view.peek()?.model;
  }

  /** Settles with the first action of the surface being rendered. */
  get result(): Promise<SurfaceResult> | undefined {
    return this.view.peek()?.result;
  }

  /** Why the `surface` set was refused; empty when it is valid. */
  get validationIssues(): readonly SurfaceIssue[] {
    return this.view.peek()?.issues ?? [];
  }

  /** Cancels the surface, as Esc does: fires a cancel action and closes a modal or dock. */
  cancel(): void {
    this.view.peek()?.cancel();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.hasAttribute('data-html2canvas-ignore') && this.mode !== 'inline') this.setAttribute('data-html2canvas-ignore', '');
  }

  protected override willUpdate(): void {
    if (this.surface !== undefined || this.model) this.view.get();
  }

  protected override render(): unknown {
    return this.view.peek()?.render() ?? nothing;
  }
}
