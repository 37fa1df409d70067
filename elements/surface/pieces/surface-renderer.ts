import { html, type TemplateResult } from 'lit';
import type { SurfaceModel } from '../../../core/surface/surface-model.js';
import type { SurfaceStrings } from '../../../core/surface/surface.strings.js';
import type { SurfaceAction } from '../../../core/surface/surface.types.js';
import { actionPieces } from './action-pieces.js';
import { contentPieces } from './content-pieces.js';
import { dataPieces } from './data-pieces.js';
import { feedbackPieces } from './feedback-pieces.js';
import { inputPieces, isEmptyInput } from './input-pieces.js';
import { layoutPieces } from './layout-pieces.js';
import type { PieceContext, PieceRenderer } from './piece-context.js';

const builtinRenderers: Readonly<Record<string, PieceRenderer>> = {
  ...layoutPieces,
  ...contentPieces,
  ...dataPieces,
  ...inputPieces,
  ...actionPieces,
  ...feedbackPieces,
};

/** The element a surface renders into. */
export interface SurfaceRendererHost {
  requestUpdate(): void;
  readonly updateComplete: Promise<boolean>;
  readonly renderRoot: HTMLElement | DocumentFragment;
  surfaceStrings(): SurfaceStrings;
}

/**
 * Draws one surface model as Lit templates and turns the user's gestures into model calls. It holds
 * only view state: which tab is showing and the message under each input; the data stays in the model.
 */
export class SurfaceRenderer implements PieceContext {
  private readonly messages = new Map<string, string>();
  private readonly tabs = new Map<string, number>();

  constructor(
    readonly model: SurfaceModel,
    private readonly host: SurfaceRendererHost,
    private readonly renderers: Readonly<Record<string, PieceRenderer>> = builtinRenderers,
  ) {}

  get strings(): SurfaceStrings {
    return this.host.surfaceStrings();
  }

  // Paths hold only "root", "children" and digits, so they make readable, unique ids.
  id(path: string, suffix?: string): string {
    return `p${path.replace(/\//g, '-')}${suffix ? `-${suffix}` : ''}`;
  }

  message(path: string): string | undefined {
    return this.messages.get(path);
  }

  input(path: string, value: unknown): void {
    const outcome = this.model.input(path, value);
    if (outcome.ok) this.messages.delete(path);
    else this.messages.set(path, outcome.reason);
    // Also redraws a refused edit, so the control shows the model's value again.
    this.host.requestUpdate();
  }

  activate(path: string): void {
    const action = this.model.resolveProps(path)['action'] as SurfaceAction | undefined;
    if (action?.type === 'submit' && !this.checkRequired()) return;
    this.model.activate(path);
  }

  selectedTab(path: string, initial: number): number {
    return this.tabs.get(path) ?? initial;
  }

  selectTab(path: string, index: number, focus: boolean): void {
    this.tabs.set(path, index);
    this.host.requestUpdate();
    if (focus) void this.afterUpdate(() => this.focusById(this.id(path, `tab-${index}`)));
  }

  render(path = '/root'): TemplateResult {
    const node = this.model.resolveNode(path);
    const children = (this.model.node(path)?.children ?? []).map((_, index) => `${path}/children/${index}`);
    const renderer = Object.hasOwn(this.renderers, node.piece) ? this.renderers[node.piece] : undefined;
    return renderer
      ? renderer(this, node, children)
      : html`<p part="piece" class="unknown-piece">${this.strings.noRenderer(node.piece)}</p>`;
  }

  /** Marks every required input left empty; false (and focus on the first one) when there is any. */
  checkRequired(): boolean {
    const missing: string[] = [];
    for (const path of this.model.nodePaths()) {
      const piece = this.model.node(path)!.piece;
      if (!this.model.catalog.get(piece)?.writes) continue;
      const props = this.model.resolveProps(path);
      if (props['required'] !== true || props['disabled'] === true || !isEmptyInput(piece, props)) continue;
      this.messages.set(path, this.strings.required);
      missing.push(path);
    }
    if (missing.length === 0) return true;
    this.host.requestUpdate();
    void this.afterUpdate(() => this.focusById(this.id(missing[0]!)));
    return false;
  }

  private async afterUpdate(then: () => void): Promise<void> {
    await this.host.updateComplete;
    then();
  }

  private focusById(id: string): void {
    const root = this.host.renderRoot;
    const target = 'getElementById' in root ? root.getElementById(id) : root.querySelector(`#${CSS.escape(id)}`);
    (target as HTMLElement | null)?.focus();
  }
}
