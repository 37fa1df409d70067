/**
 * Which page element lies under the pointer while the element picker is open. The picker is a modal
 * dialog, so the page under it is inert, and the browser's hit testing skips inert elements: the
 * dialog leaves the top layer for the read (within one task, so nothing is painted meanwhile) and
 * comes back with focus. Each such read costs a layout, so pointer moves are tested at a bounded rate.
 */
import { isPickable } from './pickable-elements.js';
import type { PickerDialog } from './picker-dialog.js';

/** The topmost pickable page element at a viewport point, the picker itself taken out of the way. */
export function pageElementAt(picker: PickerDialog, x: number, y: number): Element | null {
  const { dialog, root, host } = picker;
  dialog.remove();
  try {
    return elementAt(x, y, host);
  } finally {
    dialog.removeAttribute('open');
    root.append(dialog);
    dialog.showModal();
    dialog.focus({ preventScroll: true });
  }
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

export interface PointThrottle {
  /** A new pointer position; one at the same place as the last is ignored (Chrome sends such moves after a scroll). */
  move(x: number, y: number): void;
  /** Forgets the position not tested yet (a click tests its own point). */
  drop(): void;
  /** Stops the trailing test for good. */
  cancel(): void;
}

/** Tests the latest pointer position at most once per `interval` milliseconds; the last position is always tested. */
export function createPointThrottle(interval: number, test: (x: number, y: number) => void): PointThrottle {
  let lastTest = -Infinity;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  let pending: { x: number; y: number } | undefined;
  let pointer: { x: number; y: number } | undefined;
  const testPending = () => {
    trailing = undefined;
    if (!pending) return;
    const { x, y } = pending;
    pending = undefined;
    lastTest = performance.now();
    test(x, y);
  };
  return {
    move(x, y) {
      if (pointer?.x === x && pointer.y === y) return;
      pointer = pending = { x, y };
      const wait = lastTest + interval - performance.now();
      if (wait <= 0) testPending();
      else trailing ??= setTimeout(testPending, wait);
    },
    drop() {
      pending = undefined;
    },
    cancel() {
      clearTimeout(trailing);
      trailing = undefined;
      pending = undefined;
    },
  };
}
