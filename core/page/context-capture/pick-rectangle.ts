/**
 * Lets the visitor choose an area of the page: a full-viewport overlay on which they drag a
 * rectangle, or, from the keyboard, move and resize a starting rectangle with the arrow keys and
 * confirm with Enter. Esc cancels. The overlay is a modal `<dialog>`, so it sits above everything,
 * the palette included, and the page under it stays inert; html2canvas leaves it out.
 */
import { createPickerDialog } from './picker-dialog.js';

export interface RectangleLike {
  x: number;
  y: number;
  width: number;
  height: number;
}

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
  const step = positive(options.step, 10);
  const minSize = positive(options.minSize, 8);

  const { host, dialog, surface, frame } = createPickerDialog(AREA_PICKER_TAG, PICKER_CSS, options.label ?? DEFAULT_LABEL, options.instructions ?? DEFAULT_INSTRUCTIONS);

  const viewport = () => ({ width: document.documentElement.clientWidth || innerWidth, height: document.documentElement.clientHeight || innerHeight });
  const start = viewport();
  let rect: RectangleLike = { x: Math.round(start.width / 4), y: Math.round(start.height / 4), width: Math.round(start.width / 2), height: Math.round(start.height / 2) };
  let drag: { x: number; y: number; before: RectangleLike; pointerId: number } | undefined;

  const paint = () => {
    frame.style.transform = `translate(${rect.x}px, ${rect.y}px)`;
    frame.style.width = `${rect.width}px`;
    frame.style.height = `${rect.height}px`;
  };

  return new Promise<DOMRect | null>((resolve) => {
    let done = false;
    const finish = (result: RectangleLike | null) => {
      if (done) return;
      done = true;
      options.signal?.removeEventListener('abort', onAbort);
      if (dialog.open) dialog.close();
      host.remove();
      resolve(result ? new DOMRect(result.x, result.y, result.width, result.height) : null);
    };
    const onAbort = () => finish(null);

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        finish(null);
        return;
      }
      if (event.key === 'Enter') {
        event.preventDefault();
        if (rect.width >= minSize && rect.height >= minSize) finish(rect);
        return;
      }
      const delta = ARROWS[event.key];
      if (!delta) return;
      event.preventDefault();
      const by = event.altKey ? 1 : step;
      const bounds = viewport();
      rect = event.shiftKey
        ? resize(rect, delta[0] * by, delta[1] * by, minSize, bounds)
        : move(rect, delta[0] * by, delta[1] * by, bounds);
      paint();
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
      rect = between(drag, event, viewport());
      paint();
    };
    const onPointerMove = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointerId) return;
      rect = between(drag, event, viewport());
      paint();
    };
    const onPointerUp = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointerId) return;
      const drawn = between(drag, event, viewport());
      const before = drag.before;
      drag = undefined;
      if (drawn.width >= minSize && drawn.height >= minSize) {
        finish(drawn);
        return;
      }
      // A click, not a drag: the rectangle stays as it was.
      rect = before;
      paint();
    };
    const onPointerCancel = () => {
      if (!drag) return;
      rect = drag.before;
      drag = undefined;
      paint();
    };

    dialog.addEventListener('keydown', onKeyDown);
    // Esc may reach the dialog as a `cancel` without a keydown (e.g. a close request from the system).
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      finish(null);
    });
    surface.addEventListener('pointerdown', onPointerDown);
    surface.addEventListener('pointermove', onPointerMove);
    surface.addEventListener('pointerup', onPointerUp);
    surface.addEventListener('pointercancel', onPointerCancel);
    options.signal?.addEventListener('abort', onAbort, { once: true });

    paint();
    document.body.append(host);
    dialog.showModal();
    dialog.focus({ preventScroll: true });
  });
}

const ARROWS: Record<string, readonly [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

function move(rect: RectangleLike, dx: number, dy: number, bounds: { width: number; height: number }): RectangleLike {
  return { ...rect, x: clamp(rect.x + dx, 0, bounds.width - rect.width), y: clamp(rect.y + dy, 0, bounds.height - rect.height) };
}

function resize(rect: RectangleLike, dw: number, dh: number, minSize: number, bounds: { width: number; height: number }): RectangleLike {
  return { ...rect, width: clamp(rect.width + dw, minSize, bounds.width - rect.x), height: clamp(rect.height + dh, minSize, bounds.height - rect.y) };
}

/** The rectangle between the drag's start and the pointer, kept inside the viewport. */
function between(from: { x: number; y: number }, to: { clientX: number; clientY: number }, bounds: { width: number; height: number }): RectangleLike {
  const x1 = clamp(Math.min(from.x, to.clientX), 0, bounds.width);
  const y1 = clamp(Math.min(from.y, to.clientY), 0, bounds.height);
  const x2 = clamp(Math.max(from.x, to.clientX), 0, bounds.width);
  const y2 = clamp(Math.max(from.y, to.clientY), 0, bounds.height);
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}
