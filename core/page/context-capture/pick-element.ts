/**
 * Lets the visitor choose a page element: a full-viewport overlay outlines the element under the
 * pointer with its short description, and a click picks it. From the keyboard, the arrow keys (or
 * Tab) step through the page's landmarks, headings, interactive elements and text, Enter picks,
 * and a polite live region says which element is outlined. Esc cancels. The overlay is a modal
 * `<dialog>`, so it sits above everything, the palette included; the kit's own elements are never
 * offered, and html2canvas leaves the overlay out.
 */
import { deepActiveElement } from '../deep-active-element.js';
import { createElementOutline } from './element-outline.js';
import { createPointThrottle, pageElementAt } from './pick-hit-test.js';
import { createPickStops } from './pick-stops.js';
import { createPickerDialog } from './picker-dialog.js';
import { elementPickerKey } from './picker-keys.js';

export interface PickElementOptions {
  /** The overlay's accessible name. */
  label?: string;
  /** The instructions shown at the top of the overlay (and read as its description). */
  instructions?: string;
  /** Aborting closes the overlay and resolves null. */
  signal?: AbortSignal;
}

export const ELEMENT_PICKER_TAG = 'dddk-element-picker';

const DEFAULT_LABEL = 'Choose an element to pin';
/** Milliseconds between two hit tests while the pointer moves. */
const HIT_TEST_INTERVAL = 40;
const DEFAULT_INSTRUCTIONS = 'Point at an element and click to pin it. Or use the arrow keys or Tab to move between elements, Enter to pin. Esc cancels.';

const PICKER_CSS = `
:host { all: initial; position: fixed; top: 0; left: 0; width: 0; height: 0; }
dialog {
  position: fixed; inset: 0; width: 100vw; height: 100vh; max-width: none; max-height: none;
  margin: 0; padding: 0; border: 0; background: transparent; overflow: hidden; outline: none; color-scheme: light dark;
}
dialog::backdrop { background: transparent; }
.surface { position: absolute; inset: 0; cursor: crosshair; }
.frame {
  position: absolute; left: 0; top: 0; box-sizing: border-box; pointer-events: none;
  border: 2px solid #0969da; outline: 1px solid #ffffff; background: rgb(9 105 218 / 0.12);
}
dialog:focus-visible .frame { border-width: 3px; }
.tag {
  position: absolute; left: 0; top: 0; box-sizing: border-box; max-width: min(24rem, calc(100vw - 1rem));
  margin: 0; padding: 0.125rem 0.5rem; border-radius: 0.25rem; background: #0969da; color: #ffffff; pointer-events: none;
  font: 12px/1.5 system-ui, -apple-system, 'Segoe UI', 'Noto Sans TC', sans-serif; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
}
.hint {
  position: absolute; bottom: 1rem; left: 50%; transform: translateX(-50%); box-sizing: border-box;
  width: max-content; max-width: min(40rem, calc(100vw - 2rem)); margin: 0; padding: 0.5rem 0.875rem;
  border-radius: 0.5rem; background: #1f2328; color: #f6f8fa; pointer-events: none;
  font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', 'Noto Sans TC', sans-serif;
}
[hidden] { display: none !important; }
.announcer {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
  overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap;
}
@media (prefers-color-scheme: dark) {
  .frame { border-color: #4493f8; background: rgb(68 147 248 / 0.16); }
  .tag { background: #4493f8; color: #0d1117; }
}
@media (forced-colors: active) {
  .frame { border-color: Highlight; outline-color: CanvasText; background: transparent; }
  .tag, .hint { background: Canvas; color: CanvasText; border: 1px solid CanvasText; }
}
@media (prefers-reduced-motion: reduce) {
  * { transition: none !important; animation: none !important; }
}
`;

/** Resolves the element the visitor chose, or null when they cancelled. */
export function pickElement(options: PickElementOptions = {}): Promise<Element | null> {
  if (options.signal?.aborted) return Promise.resolve(null);
  return new Promise((resolve) => openElementPicker(options, resolve));
}

/** One pick: the overlay shown until the visitor picks or cancels, then taken away and `resolve` told. */
function openElementPicker(options: PickElementOptions, resolve: (element: Element | null) => void): void {
  const picker = createPickerDialog(ELEMENT_PICKER_TAG, PICKER_CSS, options.label ?? DEFAULT_LABEL, options.instructions ?? DEFAULT_INSTRUCTIONS);
  const { host, dialog, surface } = picker;
  const outline = createElementOutline(picker.frame);
  picker.hint.before(outline.label);
  dialog.append(outline.announcer);
  const stops = createPickStops();
  // The dialog's own focus return forgets the opener once hit testing has taken it out and back.
  const opener = deepActiveElement();
  let done = false;

  const finish = (result: Element | null) => {
    if (done) return;
    done = true;
    hits.cancel();
    options.signal?.removeEventListener('abort', onAbort);
    removeEventListener('scroll', outline.paint, true);
    removeEventListener('resize', outline.paint);
    if (dialog.open) dialog.close();
    host.remove();
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
    resolve(result?.isConnected ? result : null);
  };
  const onAbort = () => finish(null);
  const elementAt = (x: number, y: number) => (done ? null : pageElementAt(picker, x, y));
  const hits = createPointThrottle(HIT_TEST_INTERVAL, (x, y) => outline.show(elementAt(x, y), true));

  const onKeyDown = (event: KeyboardEvent) => {
    const key = event.isComposing ? undefined : elementPickerKey(event);
    if (!key) return;
    event.preventDefault();
    if (key.kind === 'cancel') finish(null);
    else if (key.kind === 'pick') {
      if (outline.current) finish(outline.current);
    } else {
      const next = stops.next(outline.current, key.by, key.edge);
      if (!next) return;
      next.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      outline.show(next, true, true);
    }
  };
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    hits.drop();
    const element = elementAt(event.clientX, event.clientY);
    if (element) finish(element);
    else outline.show(null, false);
  };

  dialog.addEventListener('keydown', onKeyDown);
  // Esc may reach the dialog as a `cancel` without a keydown (e.g. a close request from the system).
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    finish(null);
  });
  surface.addEventListener('pointermove', (event) => hits.move(event.clientX, event.clientY));
  // Keeps focus on the dialog and text unselected while clicking.
  surface.addEventListener('pointerdown', (event) => event.preventDefault());
  surface.addEventListener('click', onClick);
  addEventListener('scroll', outline.paint, { capture: true, passive: true });
  addEventListener('resize', outline.paint, { passive: true });
  options.signal?.addEventListener('abort', onAbort, { once: true });

  outline.paint();
  document.body.append(host);
  dialog.showModal();
  dialog.focus({ preventScroll: true });
}
