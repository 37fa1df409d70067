import { html, nothing } from 'lit';
import { classMap } from 'lit/directives/class-map.js';
import { styleMap } from 'lit/directives/style-map.js';
import { findRegion, regionAt, REGION_ATTRIBUTE } from '../../core/page/region-page.js';
import type { RegionEditorView } from '../../core/region-editor/region-editor.connect.js';

interface OutlineBox {
  readonly id: string;
  readonly label: string;
  readonly top: number;
  readonly left: number;
  readonly width: number;
  readonly height: number;
}

interface OutlineHost {
  readonly shadowRoot: ShadowRoot | null;
  requestUpdate(): void;
}

/**
 * The outline drawn over a region of the page: the hovered one, else the one the list's keyboard is
 * on, else the selected one. It is measured before each render, and follows scrolling and resizing.
 */
export class RegionOutline {
  private watched: Element | undefined;
  private hovered: Element | undefined;
  private box: OutlineBox | undefined;

  constructor(private readonly host: OutlineHost) {}

  /** Starts following the viewport (while the editor is on the page). */
  connect(): void {
    window.addEventListener('scroll', this.handleViewportChange, { capture: true, passive: true });
    window.addEventListener('resize', this.handleViewportChange, { passive: true });
  }

  disconnect(): void {
    window.removeEventListener('scroll', this.handleViewportChange, { capture: true });
    window.removeEventListener('resize', this.handleViewportChange);
    this.watch(undefined);
  }

  /** Listens for the pointer over `container`, the element holding the regions. */
  watch(container: Element | undefined): void {
    if (container === this.watched) return;
    this.watched?.removeEventListener('pointerover', this.handlePointerOver);
    this.watched?.removeEventListener('pointerleave', this.handlePointerLeave);
    this.watched = container;
    container?.addEventListener('pointerover', this.handlePointerOver);
    container?.addEventListener('pointerleave', this.handlePointerLeave);
  }

  /** Measures the outlined region; `focusedId` is where the list's keyboard is. */
  measure(view: RegionEditorView | undefined, focusedId: string | undefined): void {
    const container = this.watched;
    const hoveredId = this.hovered?.isConnected ? this.hovered.getAttribute(REGION_ATTRIBUTE) ?? undefined : undefined;
    const id = hoveredId ?? focusedId ?? view?.selected?.id;
    const region = id === undefined ? undefined : view?.regions.find((option) => option.id === id);
    const element = region && container ? findRegion(container, region.id) : undefined;
    if (!region || !element) {
      this.box = undefined;
      return;
    }
    const rect = element.getBoundingClientRect();
    this.box = { id: region.id, label: region.label, top: rect.top, left: rect.left, width: rect.width, height: rect.height };
  }

  render(view: RegionEditorView | undefined) {
    const box = this.box;
    if (!box || !view) return nothing;
    const selected = view.selected?.id === box.id;
    return html`<div part="overlay" class="overlay" data-html2canvas-ignore>
      <div
        part="outline"
        class=${classMap({ outline: true, 'outline--selected': selected })}
        style=${styleMap({ top: `${box.top}px`, left: `${box.left}px`, width: `${box.width}px`, height: `${box.height}px` })}
      >
        <button type="button" part="outline-label" class="outline__label" tabindex="-1" @click=${() => view.handlers.pick(box.id)} @pointerleave=${this.clearHover}>
          ${view.strings.editRegion(box.label)}
        </button>
      </div>
    </div>`;
  }

  private readonly handlePointerOver = (event: Event): void => {
    const region = this.watched ? regionAt(this.watched, event.target) : undefined;
    if (!region) return;
    this.hovered = region;
    this.host.requestUpdate();
  };

  // The outline's label may sit outside the container: leaving towards it keeps the outline up.
  private readonly handlePointerLeave = (): void => {
    window.setTimeout(() => {
      if (this.host.shadowRoot?.querySelector('.outline__label')?.matches(':hover')) return;
      this.clearHover();
    }, 250);
  };

  private readonly clearHover = (): void => {
    this.hovered = undefined;
    this.host.requestUpdate();
  };

  private readonly handleViewportChange = (): void => {
    if (this.box) this.host.requestUpdate();
  };
}
