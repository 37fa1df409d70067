import type { PaletteView } from '../../core/palette/palette.connect.js';
import type { PaletteRow, PaletteState } from '../../core/palette/palette.types.js';
import { layoutRows, ROW_HEIGHT, scrollToShow, type ListLayout } from './list-layout.js';

/** Until the listbox has been measured, assume this much of it is visible. */
const DEFAULT_VIEWPORT = 384;

/**
 * The virtualized list's place in the DOM: the rows' layout, the scroll position, the visible
 * height, and the pointer's part in choosing the active row. The model knows nothing of pixels;
 * this keeps them on the element's side.
 */
export class ListWindow {
  layout: ListLayout = layoutRows([], false);
  scrollTop = 0;
  viewport = DEFAULT_VIEWPORT;
  private layoutRowsRef: readonly PaletteRow[] | undefined;
  private pendingScroll: number | undefined;
  private lastActive = -1;
  private activeFromPointer = false;
  private lastPointer = { x: NaN, y: NaN };

  constructor(
    private readonly requestUpdate: () => void,
    private readonly view: () => PaletteView | undefined,
  ) {}

  /** Rows PageUp and PageDown move by: what the list shows at once, less one for context. */
  get pageSize(): number {
    return Math.max(1, Math.floor(this.viewport / ROW_HEIGHT) - 1);
  }

  /** Lays the rows out again when they changed, and scrolls so the active row stays visible (before a render). */
  place(state: PaletteState | undefined): void {
    if (!state) return;
    if (state.rows !== this.layoutRowsRef) {
      this.layoutRowsRef = state.rows;
      this.layout = layoutRows(state.rows, state.grouped);
      this.scrollTop = 0;
      this.pendingScroll = 0;
      this.lastActive = -1;
    }
    if (state.activeIndex !== this.lastActive) {
      this.lastActive = state.activeIndex;
      // A row the pointer made active is where the visitor is looking: the list stays put.
      if (state.activeIndex >= 0 && !this.activeFromPointer) this.reveal(state.activeIndex);
    }
    this.activeFromPointer = false;
  }

  /** Applies a scroll the keyboard asked for, and re-renders when the list's visible height changed (after a render). */
  sync(listbox: HTMLElement | null): void {
    const pending = this.pendingScroll;
    this.pendingScroll = undefined;
    if (!listbox || listbox.hidden) return;
    if (pending !== undefined) listbox.scrollTop = pending;
    const height = listbox.clientHeight;
    if (height > 0 && Math.abs(height - this.viewport) > 1) {
      this.viewport = height;
      // Re-place the active row for the real height, then render the window it needs.
      const active = this.view()?.state.activeIndex ?? -1;
      if (active >= 0) this.reveal(active);
      this.requestUpdate();
    }
  }

  readonly onScroll = (event: Event): void => {
    const top = (event.currentTarget as HTMLElement).scrollTop;
    if (top === this.scrollTop) return;
    this.scrollTop = top;
    this.requestUpdate();
  };

  /** Hover follows the pointer only when it really moves, so rows scrolling under a still pointer never steal the keyboard's place. */
  readonly onPointerMove = (event: PointerEvent): void => {
    if (event.clientX === this.lastPointer.x && event.clientY === this.lastPointer.y) return;
    this.lastPointer = { x: event.clientX, y: event.clientY };
    const index = optionIndex(event);
    if (index !== undefined && this.view()?.onOptionHover(index)) this.activeFromPointer = true;
  };

  readonly onClick = (event: MouseEvent): void => {
    const index = optionIndex(event);
    if (index === undefined) return;
    this.activeFromPointer = true;
    this.view()?.onOptionClick(index, event);
  };

  private reveal(index: number): void {
    const next = scrollToShow(this.layout, index, this.scrollTop, this.viewport);
    if (next !== this.scrollTop) this.scrollTop = this.pendingScroll = next;
  }
}

function optionIndex(event: Event): number | undefined {
  for (const node of event.composedPath()) {
    if (node instanceof HTMLElement && node.dataset.index !== undefined) return Number(node.dataset.index);
  }
  return undefined;
}
