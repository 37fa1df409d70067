import { adoptStyles, html, nothing, svg, type CSSResultOrNative, type TemplateResult } from 'lit';
import { resolveController, type ControllerSource } from '../../core/controller/resolve-controller.js';
import { openSurface } from '../../core/surface/open-surface.js';
import type { SurfaceActionEvent, SurfaceModel, SurfaceResult } from '../../core/surface/surface-model.js';
import { surfaceStrings, type SurfaceStrings } from '../../core/surface/surface.strings.js';
import type { SurfaceIssue } from '../../core/surface/surface.types.js';
import { FocusReturn } from '../internal/focus-return.js';
import type { ViewPart } from '../internal/lazy-view.js';
import { isComposingKey } from '../../core/input/keys.js';
import { pieceStyles } from './pieces/pieces.styles.js';
import { SurfaceRenderer } from './pieces/surface-renderer.js';
import type { SurfaceViewHost } from './surface-view-host.js';
import { surfaceStyles } from './surface.styles.js';

export const closeIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" fill="none"/></svg>`;

/** The words of a view in the locale of `host`'s controller (else the page's language). */
export function stringsFor(host: ControllerSource): SurfaceStrings {
  const controller = resolveController(host, { createDefault: false });
  return surfaceStrings(controller?.locale ?? (document.documentElement.lang || 'en'));
}

/**
 * Everything `<dddk-surface>` does once a surface is set: validation, the model's subscriptions,
 * the pieces, the modal and dock frames and their focus handling. It loads with the piece
 * renderers, so the element registered at first paint stays a small shell; the element's LazyView
 * adds it to the element's controllers.
 */
export class SurfaceElementView implements ViewPart {
  issues: readonly SurfaceIssue[] = [];
  private current: { model: SurfaceModel; renderer: SurfaceRenderer; owned: boolean } | undefined;
  /** What the current model was built from; a change of any of them builds it again. */
  private builtFrom: Pick<SurfaceViewHost, 'surface' | 'model' | 'catalog'> | undefined;
  private seenData: SurfaceViewHost['data'];
  private issuesToReport = false;
  private unsubscribers: Array<() => void> = [];
  private shown = false;
  private readonly focusReturn: FocusReturn;

  constructor(
    private readonly host: SurfaceViewHost,
    baseStyles: readonly CSSResultOrNative[],
  ) {
    this.focusReturn = new FocusReturn(host);
    if (host.shadowRoot) adoptStyles(host.shadowRoot, [...baseStyles, ...surfaceStyles, ...pieceStyles]);
  }

  get model(): SurfaceModel | undefined {
    return this.current?.model;
  }

  get result(): Promise<SurfaceResult> | undefined {
    return this.current?.model.result;
  }

  // SurfaceRenderer's host: the element, with the strings of its locale.
  get renderRoot(): HTMLElement | DocumentFragment {
    return this.host.renderRoot;
  }
  get updateComplete(): Promise<boolean> {
    return this.host.updateComplete;
  }
  requestUpdate(): void {
    this.host.requestUpdate();
  }
  surfaceStrings(): SurfaceStrings {
    return stringsFor(this.host);
  }

  cancel(): void {
    const model = this.current?.model;
    if (model) {
      model.dispatch({ type: 'cancel' });
      return;
    }
    this.host.emit('dddk-surface-action', { detail: { action: { type: 'cancel' }, data: {}, source: undefined } });
    if (this.host.mode !== 'inline') this.host.open = false;
  }

  hostConnected(): void {
    if (this.current) this.subscribe(this.current.model);
  }

  hostDisconnected(): void {
    this.unsubscribe();
    if (this.shown) {
      this.shown = false;
      this.focusReturn.restore();
    }
  }

  hostUpdate(): void {
    const { surface, model, catalog, data } = this.host;
    const dataChanged = data !== this.seenData;
    this.seenData = data;
    const built = this.builtFrom;
    if (!built || built.surface !== surface || built.model !== model || built.catalog !== catalog) this.rebuild();
    else if (dataChanged && data && this.current) this.current.model.replaceData(data);
  }

  private rebuild(): void {
    const { host } = this;
    this.builtFrom = { surface: host.surface, model: host.model, catalog: host.catalog };
    const previous = this.current;
    this.unsubscribe();
    this.current = undefined;
    let issues: readonly SurfaceIssue[] = [];
    let model: SurfaceModel | undefined = host.model;
    if (!model && host.surface !== undefined) {
      const catalog = host.catalog ? { catalog: host.catalog } : {};
      const opened = openSurface(host.surface, { ...catalog, ...(host.data ? { data: host.data } : {}) });
      if (opened.ok) model = opened.model;
      else issues = opened.issues;
    }
    if (previous?.owned && previous.model !== model) previous.model.dispose();
    if (model) {
      this.current = { model, renderer: new SurfaceRenderer(model, this), owned: model !== host.model };
      if (host.isConnected) this.subscribe(model);
    }
    this.issues = issues;
    this.issuesToReport = issues.length > 0;
  }

  private subscribe(model: SurfaceModel): void {
    this.unsubscribe();
    this.unsubscribers = [model.subscribe(() => this.host.requestUpdate()), model.onAction((event) => this.handleModelAction(event))];
  }

  private unsubscribe(): void {
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
  }

  private handleModelAction(event: SurfaceActionEvent): void {
    this.host.emit('dddk-surface-action', { detail: { action: event.action, data: event.data, source: event.source } });
    if (this.host.mode !== 'inline' && (event.action.type === 'submit' || event.action.type === 'cancel')) this.host.open = false;
  }

  render(): TemplateResult {
    const strings = this.surfaceStrings();
    const base = html`<div part="base" class="base">${this.renderContent(strings)}</div>`;
    if (this.host.mode === 'inline') return base;
    const closeButton = html`<button part="close-button" class="close" type="button" aria-label=${strings.close} @click=${() => this.cancel()}>
      ${closeIcon}
    </button>`;
    const name = this.accessibleName(strings);
    // The close button comes last so that a modal's first focus lands on the surface's own controls.
    if (this.host.mode === 'modal') {
      return html`<dialog part="dialog" class="dialog" aria-label=${name} @cancel=${this.handleDialogCancel} @close=${this.handleDialogClose}>
        ${base}${closeButton}
      </dialog>`;
    }
    return html`<aside part="dock" class="dock" aria-label=${name} tabindex="-1" ?hidden=${!this.host.open} @keydown=${this.handleDockKeyDown}>
      ${base}${closeButton}
    </aside>`;
  }

  private renderContent(strings: SurfaceStrings): unknown {
    if (this.issues.length > 0) {
      return html`<div part="error" class="error" role="alert">
        <p class="error__title">${strings.invalidSurface}</p>
        <ul class="error__list">
          ${this.issues.map((issue) => html`<li><code>${issue.path || '/'}</code> ${issue.message}</li>`)}
        </ul>
      </div>`;
    }
    return this.current ? this.current.renderer.render() : nothing;
  }

  private accessibleName(strings: SurfaceStrings): string {
    if (this.host.label) return this.host.label;
    const model = this.current?.model;
    const heading = model?.nodePaths().find((path) => model.node(path)?.piece === 'Heading');
    const text = heading ? model!.resolveProps(heading)['text'] : undefined;
    return typeof text === 'string' && text.trim() ? text : strings.defaultLabel;
  }

  hostUpdated(): void {
    if (this.issuesToReport) {
      this.issuesToReport = false;
      this.host.emit('dddk-surface-error', { detail: { issues: this.issues } });
    }
    this.syncOpen();
  }

  private syncOpen(): void {
    const { host } = this;
    const showing = host.mode !== 'inline' && host.open && host.isConnected;
    if (showing === this.shown) return;
    this.shown = showing;
    const dialog = host.renderRoot.querySelector('dialog');
    if (showing) {
      this.focusReturn.remember();
      if (host.mode === 'modal' && dialog && !dialog.open) dialog.showModal();
      if (host.mode === 'dock') host.renderRoot.querySelector<HTMLElement>('.dock')?.focus({ preventScroll: true });
      host.emit('dddk-show');
      return;
    }
    if (dialog?.open) dialog.close();
    this.focusReturn.restore();
    host.emit('dddk-close');
  }

  // Esc on a modal: a cancel action, not a bare close, so the surface's result says "cancel".
  private readonly handleDialogCancel = (event: Event): void => {
    event.preventDefault();
    this.cancel();
  };

  // The browser may close a modal without a cancel event (repeated Esc); treat that as a cancel too.
  private readonly handleDialogClose = (): void => {
    if (this.host.open) this.cancel();
  };

  private readonly handleDockKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || isComposingKey(event)) return;
    event.stopPropagation();
    this.cancel();
  };
}
