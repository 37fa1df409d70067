/**
 * Lets the visitor choose an area of the page: a full-viewport overlay on which they drag a
 * rectangle, or, from the keyboard, move and resize a starting rectangle with the arrow keys and
 * confirm with Enter. Esc cancels. The overlay is a modal `<dialog>`, so it sits above everything,
 * the palette included, and the page under it stays inert; html2canvas leaves it out.
 */
import { createPickerDialog } from './picker-dialog.js';
import { areaPickerKey } from './picker-keys.js';
import { between, moveRectangle, resizeRectangle, type RectangleLike } from './rectangle-geometry.js';

export type { RectangleLike } from './rectangle-geometry.js';

export interface PickRectangleOptions {
  /** The overlay's accessible name. */
  label?: string;
  /** The instructions shown at the top of the overlay (and read as its description). */
  instructions?: string;
  /** Aborting closes the overlay and resolves null. */
  signal?: AbortSignal;
  /** How far one arrow key press moves or resizes, in CSS pixels. Default 10; Alt gives 1. */
  step?: number;
  /** A drag smaller than this on either side is taken as a click and ignored. Default 8. */
  minSize?: number;
}

export const AREA_PICKER_TAG = 'dddk-area-picker';

const DEFAULT_LABEL = 'Choose an area to capture';
const DEFAULT_INSTRUCTIONS = 'Drag to draw a rectangle. Or use the arrow keys to move it, Shift with the arrow keys to resize it, Enter to capture. Esc cancels.';

const PICKER_CSS = `
:host { all: initial; position: fixed; top: 0; left: 0; width: 0; height: 0; }
dialog {
  position: fixed; inset: 0; width: 100vw; height: 100vh; max-width: none; max-height: none;
  margin: 0; padding: 0; border: 0; background: transparent; overflow: hidden; outline: none; color-scheme: light dark;
}
dialog::backdrop { background: transparent; }
.surface { position: absolute; inset: 0; cursor: crosshair; touch-action: none; }
.frame {
  position: absolute; left: 0; top: 0; box-sizing: border-box; pointer-events: none;
  border: 2px solid #ffffff; outline: 1px solid #0969da; box-shadow: 0 0 0 200vmax rgb(0 0 0 / 0.45);
}
dialog:focus-visible .frame { outline: 3px solid #4493f8; }
.hint {
  position: absolute; top: 1rem; left: 50%; transform: translateX(-50%); box-sizing: border-box;
  width: max-content; max-width: min(40rem, calc(100vw - 2rem)); margin: 0; padding: 0.5rem 0.875rem;
  border-radius: 0.5rem; background: #1f2328; color: #f6f8fa; pointer-events: none;
  font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', 'Noto Sans TC', sans-serif;
}
@media (forced-colors: active) {
  .frame { border-color: Highlight; outline-color: CanvasText; box-shadow: none; }
  .hint { background: Canvas; color: CanvasText; border: 1px solid CanvasText; }
}
@media (prefers-reduced-motion: reduce) {
  * { transition: none !important; animation: none !important; }
}
`;

/** Resolves the chosen area in viewport coordinates, or null when the visitor cancelled. */
export function pickRectangle(options: PickRectangleOptions = {}): Promise<DOMRect | null> {
  if (options.signal?.aborted) return Promise.resolve(null);
  return new Promise((resolve) => openAreaPicker(options, resolve));
}

interface Drag {
  x: number;
  y: number;
  /** The rectangle before the drag began, kept when the drag turns out to be a click. */
  before: RectangleLike;
  pointerId: number;
}

/** One pick: the overlay shown until the visitor draws or confirms a rectangle or cancels, then taken away. */
function openAreaPicker(options: PickRectangleOptions, resolve: (area: DOMRect | null) => void): void {
  const step = positive(options.step, 10);
  const minSize = positive(options.minSize, 8);
  const { host, dialog, surface, frame } = createPickerDialog(AREA_PICKER_TAG, PICKER_CSS, options.label ?? DEFAULT_LABEL, options.instructions ?? DEFAULT_INSTRUCTIONS);
  const start = viewport();
  let rect: RectangleLike = { x: Math.round(start.width / 4), y: Math.round(start.height / 4), width: Math.round(start.width / 2), height: Math.round(start.height / 2) };
  let drag: Drag | undefined;
  let done = false;

  const show = (next: RectangleLike) => {
    rect = next;
    frame.style.transform = `translate(${rect.x}px, ${rect.y}px)`;
    frame.style.width = `${rect.width}px`;
    frame.style.height = `${rect.height}px`;
  };
  const finish = (result: RectangleLike | null) => {
    if (done) return;
    done = true;
    options.signal?.removeEventListener('abort', onAbort);
    if (dialog.open) dialog.close();
    host.remove();
    resolve(result ? new DOMRect(result.x, result.y, result.width, result.height) : null);
  };
  const onAbort = () => finish(null);
  const bigEnough = (area: RectangleLike) => area.width >= minSize && area.height >= minSize;

  const onKeyDown = (event: KeyboardEvent) => {
    const key = event.isComposing ? undefined : areaPickerKey(event);
    if (!key) return;
    event.preventDefault();
    if (key.kind === 'cancel') return finish(null);
    if (key.kind === 'confirm') return bigEnough(rect) ? finish(rect) : undefined;
    const by = key.fine ? 1 : step;
    if (key.kind === 'resize') show(resizeRectangle(rect, key.dx * by, key.dy * by, minSize, viewport()));
    else show(moveRectangle(rect, key.dx * by, key.dy * by, viewport()));
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    drag = { x: event.clientX, y: event.clientY, before: rect, pointerId: event.pointerId };
    try {
      surface.setPointerCapture(event.pointerId);
    } catch {
      // Without capture the drag still works while the pointer stays over the overlay.
    }
    show(between(drag, event, viewport()));
  };
  const onPointerMove = (event: PointerEvent) => {
    if (drag && event.pointerId === drag.pointerId) show(between(drag, event, viewport()));
  };
  const endDrag = (event: PointerEvent, cancelled: boolean) => {
    if (!drag || (!cancelled && event.pointerId !== drag.pointerId)) return;
    const drawn = cancelled ? undefined : between(drag, event, viewport());
    const before = drag.before;
    drag = undefined;
    // A click, not a drag (or a drag the browser took over): the rectangle stays as it was.
    if (drawn && bigEnough(drawn)) finish(drawn);
    else show(before);
  };

  dialog.addEventListener('keydown', onKeyDown);
  // Esc may reach the dialog as a `cancel` without a keydown (e.g. a close request from the system).
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    finish(null);
  });
  surface.addEventListener('pointerdown', onPointerDown);
  surface.addEventListener('pointermove', onPointerMove);
  surface.addEventListener('pointerup', (event) => endDrag(event, false));
  surface.addEventListener('pointercancel', (event) => endDrag(event, true));
  options.signal?.addEventListener('abort', onAbort, { once: true });

  show(rect);
  document.body.append(host);
  dialog.showModal();
  dialog.focus({ preventScroll: true });
}

function viewport(): { width: number; height: number } {
  return { width: document.documentElement.clientWidth || innerWidth, height: document.documentElement.clientHeight || innerHeight };
}

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}
