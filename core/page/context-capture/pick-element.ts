/**
 * Lets the visitor choose a page element: a full-viewport overlay outlines the element under the
 * pointer with its short description, and a click picks it. From the keyboard, the arrow keys (or
 * Tab) step through the page's landmarks, headings, interactive elements and text, Enter picks,
 * and a polite live region says which element is outlined. Esc cancels. The overlay is a modal
 * `<dialog>`, so it sits above everything, the palette included; the kit's own elements are never
 * offered, and html2canvas leaves the overlay out.
 */
import { elementLabel } from '../../palette/context/element-line.js';
import { deepActiveElement } from '../deep-active-element.js';
import { describeElement } from './describe-element.js';
import { isPickable, pickableElements } from './pickable-elements.js';
import { createPickerDialog } from './picker-dialog.js';

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

  const tag = document.createElement('p');
  tag.className = 'tag';
  tag.setAttribute('aria-hidden', 'true');
  const announcer = document.createElement('p');
  announcer.className = 'announcer';
  announcer.setAttribute('role', 'status');
  announcer.setAttribute('aria-live', 'polite');
  announcer.setAttribute('aria-atomic', 'true');
  const { host, root, dialog, surface, frame } = createPickerDialog(ELEMENT_PICKER_TAG, PICKER_CSS, options.label ?? DEFAULT_LABEL, options.instructions ?? DEFAULT_INSTRUCTIONS, [tag]);
  dialog.append(announcer);

  let stops: Element[] | undefined;
  let current: Element | null = null;
  // The dialog's own focus return forgets the opener once hit testing has taken it out and back.
  const opener = deepActiveElement();

  const paint = () => {
    const rect = current?.isConnected ? current.getBoundingClientRect() : undefined;
    frame.hidden = tag.hidden = !rect;
    if (!rect) return;
    frame.style.transform = `translate(${rect.left}px, ${rect.top}px)`;
    frame.style.width = `${rect.width}px`;
    frame.style.height = `${rect.height}px`;
    // The description sits above the outline, or inside its top edge when there is no room above.
    const width = document.documentElement.clientWidth || innerWidth;
    const tagHeight = tag.offsetHeight || 20;
    const x = Math.max(0, Math.min(rect.left, width - tag.offsetWidth));
    const y = rect.top >= tagHeight ? rect.top - tagHeight : Math.max(0, rect.top);
    tag.style.transform = `translate(${x}px, ${y}px)`;
  };

  const highlight = (element: Element | null, announce: boolean) => {
    if (element === current) return;
    current = element;
    const said = element ? shortDescription(element) : '';
    tag.textContent = said;
    paint();
    if (announce) announcer.textContent = said;
  };

  /** The keyboard's next stop after (or before) the outlined element. */
  const step = (by: 1 | -1, edge?: 'first' | 'last') => {
    // Built once; an element that left the page since is passed over.
    stops = (stops ?? pickableElements()).filter((element) => element.isConnected);
    if (stops.length === 0) return;
    let index: number;
    if (edge) index = edge === 'first' ? 0 : stops.length - 1;
    else if (!current) index = by > 0 ? firstInView(stops) : stops.length - 1;
    else {
      const at = stops.indexOf(current);
      const after = at >= 0 ? at : followingIndex(stops, current);
      index = at >= 0 || by < 0 ? after + by : after;
      index = (index + stops.length) % stops.length;
    }
    const next = stops[index]!;
    next.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    current = null;
    highlight(next, true);
  };

  return new Promise<Element | null>((resolve) => {
    let done = false;
    const finish = (result: Element | null) => {
      if (done) return;
      done = true;
      clearTimeout(trailing);
      options.signal?.removeEventListener('abort', onAbort);
      removeEventListener('scroll', paint, true);
      removeEventListener('resize', paint);
      if (dialog.open) dialog.close();
      host.remove();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
      resolve(result?.isConnected ? result : null);
    };
    const onAbort = () => finish(null);

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      const key = event.key;
      if (key === 'Escape') {
        event.preventDefault();
        finish(null);
      } else if (key === 'Enter' || key === ' ') {
        event.preventDefault();
        if (current) finish(current);
      } else if (key === 'ArrowDown' || key === 'ArrowRight' || (key === 'Tab' && !event.shiftKey)) {
        event.preventDefault();
        step(1);
      } else if (key === 'ArrowUp' || key === 'ArrowLeft' || key === 'Tab') {
        event.preventDefault();
        step(-1);
      } else if (key === 'Home' || key === 'End') {
        event.preventDefault();
        step(1, key === 'Home' ? 'first' : 'last');
      }
    };
    /**
     * The page element at a point. While the overlay is modal the page is inert, and the browser's hit
     * testing skips inert elements, so the overlay leaves the top layer for the read (within one task:
     * nothing is painted meanwhile) and comes back with focus.
     */
    const pageElementAt = (x: number, y: number): Element | null => {
      if (done) return null;
      dialog.remove();
      try {
        return elementAt(x, y, host);
      } finally {
        dialog.removeAttribute('open');
        root.append(dialog);
        dialog.showModal();
        dialog.focus({ preventScroll: true });
      }
    };
    // Hit testing takes the overlay out and back: at most once per HIT_TEST_INTERVAL, with the last point always tested.
    let lastTest = -Infinity;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    let pending: { x: number; y: number } | undefined;
    const testPending = () => {
      trailing = undefined;
      if (!pending) return;
      const { x, y } = pending;
      pending = undefined;
      lastTest = performance.now();
      highlight(pageElementAt(x, y), true);
    };
    let pointer: { x: number; y: number } | undefined;
    const onPointerMove = (event: PointerEvent) => {
      // A move without a change of position (Chrome sends one after scrolling) must not take the outline from the keyboard.
      if (pointer?.x === event.clientX && pointer.y === event.clientY) return;
      pointer = pending = { x: event.clientX, y: event.clientY };
      const wait = lastTest + HIT_TEST_INTERVAL - performance.now();
      if (wait <= 0) testPending();
      else trailing ??= setTimeout(testPending, wait);
    };
    const onClick = (event: MouseEvent) => {
      event.preventDefault();
      pending = undefined;
      const element = pageElementAt(event.clientX, event.clientY);
      if (element) finish(element);
      else highlight(null, false);
    };

    dialog.addEventListener('keydown', onKeyDown);
    // Esc may reach the dialog as a `cancel` without a keydown (e.g. a close request from the system).
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      finish(null);
    });
    surface.addEventListener('pointermove', onPointerMove);
    // Keeps focus on the dialog and text unselected while clicking.
    surface.addEventListener('pointerdown', (event) => event.preventDefault());
    surface.addEventListener('click', onClick);
    addEventListener('scroll', paint, { capture: true, passive: true });
    addEventListener('resize', paint, { passive: true });
    options.signal?.addEventListener('abort', onAbort, { once: true });

    paint();
    document.body.append(host);
    dialog.showModal();
    dialog.focus({ preventScroll: true });
  });
}

/** What the outline's label and the live region say: `button “Delete row”`, the text of an element without a role, or `<div>`. */
function shortDescription(element: Element): string {
  const description = describeElement(element);
  const label = elementLabel(description, 60);
  return description.role && !label.startsWith('<') ? `${description.role} “${label}”` : label;
}

/** The topmost pickable element at a viewport point, looking into open shadow roots of page components. */
function elementAt(x: number, y: number, overlay: Element): Element | null {
  const top = document.elementsFromPoint(x, y).find((hit) => hit !== overlay && isPickable(hit));
  if (!top) return null;
  let found = top;
  for (let inner = found.shadowRoot; inner; inner = found.shadowRoot) {
    const hits = (inner as unknown as Pick<Document, 'elementsFromPoint'>).elementsFromPoint(x, y);
    const deeper = hits.find((hit) => hit !== found && inner.contains(hit) && isPickable(hit));
    if (!deeper) break;
    found = deeper;
  }
  return found;
}

/** The first stop whose top is inside the viewport, so the keyboard starts where the visitor is looking. */
function firstInView(stops: Element[]): number {
  const height = document.documentElement.clientHeight || innerHeight;
  const index = stops.findIndex((element) => {
    const rect = element.getBoundingClientRect();
    return rect.bottom > 0 && rect.top < height;
  });
  return Math.max(0, index);
}

/** The index of the first stop after `element` in document order (for an outlined element that is not a stop itself). */
function followingIndex(stops: Element[], element: Element): number {
  const index = stops.findIndex((stop) => element.compareDocumentPosition(stop) & Node.DOCUMENT_POSITION_FOLLOWING);
  return index < 0 ? 0 : index;
}
