import type { Point } from './element-state.js';

/** Synthetic pointer and mouse events, built in the element's own window so iframes work too. */

type PointerPhase = 'over' | 'move' | 'down' | 'up';

interface FireOptions {
  point: Point;
  /** Bitmask of pressed buttons after this event (1 = primary). */
  buttons?: number;
  detail?: number;
}

function windowOf(el: Element): Window & typeof globalThis {
  return (el.ownerDocument.defaultView ?? window) as Window & typeof globalThis;
}

function mouseInit(el: Element, { point, buttons = 0, detail = 0 }: FireOptions, bubbles = true): MouseEventInit {
  return {
    bubbles,
    cancelable: bubbles,
    composed: true,
    view: windowOf(el),
    clientX: point.x,
    clientY: point.y,
    screenX: point.x,
    screenY: point.y,
    button: 0,
    buttons,
    detail,
  };
}

export function firePointer(el: Element, type: string, options: FireOptions, bubbles = true): boolean {
  const win = windowOf(el);
  const init: PointerEventInit = {
    ...mouseInit(el, options, bubbles),
    pointerId: 1,
    pointerType: 'mouse',
    isPrimary: true,
    width: 1,
    height: 1,
    pressure: options.buttons ? 0.5 : 0,
  };
  const Ctor = typeof win.PointerEvent === 'function' ? win.PointerEvent : win.MouseEvent;
  return el.dispatchEvent(new Ctor(type, init));
}

export function fireMouse(el: Element, type: string, options: FireOptions, bubbles = true): boolean {
  return el.dispatchEvent(new (windowOf(el).MouseEvent)(type, mouseInit(el, options, bubbles)));
}

/** One step of a mouse interaction: the pointer event, then its compatibility mouse event. */
export function pointerPhase(el: Element, phase: PointerPhase, options: FireOptions): boolean {
  switch (phase) {
    case 'over':
      firePointer(el, 'pointerover', options);
      firePointer(el, 'pointerenter', options, false);
      fireMouse(el, 'mouseover', options);
      fireMouse(el, 'mouseenter', options, false);
      return true;
    case 'move': {
      const pointer = firePointer(el, 'pointermove', options);
      return fireMouse(el, 'mousemove', options) && pointer;
    }
    case 'down': {
      // A cancelled pointerdown suppresses the compatibility mousedown, as in browsers.
      if (!firePointer(el, 'pointerdown', { ...options, buttons: 1 })) return false;
      return fireMouse(el, 'mousedown', { ...options, buttons: 1, detail: options.detail ?? 1 });
    }
    case 'up': {
      firePointer(el, 'pointerup', { ...options, buttons: 0 });
      return fireMouse(el, 'mouseup', { ...options, buttons: 0, detail: options.detail ?? 1 });
    }
  }
}

/** Focuses the element (or its nearest focusable ancestor) the way a mousedown would. */
export function focusLikeMousedown(el: Element): void {
  const focusable = el.closest<HTMLElement>(
    'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable=""], [contenteditable="true"]',
  );
  focusable?.focus({ preventScroll: true });
}

/** Fires `click` through the element's own `click()` when it has one (activation included). */
export function activate(el: Element, point: Point, detail = 1): void {
  if (typeof (el as HTMLElement).click === 'function' && detail === 1) {
    (el as HTMLElement).click();
    return;
  }
  fireMouse(el, 'click', { point, detail });
}
