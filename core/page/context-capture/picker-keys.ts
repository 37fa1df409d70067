/**
 * What a key means to the on-page pickers, decided apart from any DOM so that the key maps can be
 * read (and tested) on their own. A key a picker does not use maps to undefined and is left alone.
 */

/** The key event's parts the pickers read. */
export interface PickerKeyEvent {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
}

export type ElementPickerKey =
  | { kind: 'cancel' }
  | { kind: 'pick' }
  /** The next stop (1) or the one before (-1); with `edge`, the first or the last. */
  | { kind: 'step'; by: 1 | -1; edge?: 'first' | 'last' };

/** Esc cancels; Enter or Space picks; arrows and Tab step (Shift+Tab back); Home and End go to the ends. */
export function elementPickerKey(event: PickerKeyEvent): ElementPickerKey | undefined {
  switch (event.key) {
    case 'Escape':
      return { kind: 'cancel' };
    case 'Enter':
    case ' ':
      return { kind: 'pick' };
    case 'ArrowDown':
    case 'ArrowRight':
      return { kind: 'step', by: 1 };
    case 'ArrowUp':
    case 'ArrowLeft':
      return { kind: 'step', by: -1 };
    case 'Tab':
      return { kind: 'step', by: event.shiftKey ? -1 : 1 };
    case 'Home':
      return { kind: 'step', by: 1, edge: 'first' };
    case 'End':
      return { kind: 'step', by: 1, edge: 'last' };
    default:
      return undefined;
  }
}

export type AreaPickerKey =
  | { kind: 'cancel' }
  | { kind: 'confirm' }
  /** Move (or, with Shift, resize) the rectangle by `dx`, `dy` steps; `fine` (Alt): by one pixel each. */
  | { kind: 'move' | 'resize'; dx: number; dy: number; fine: boolean };

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Esc cancels; Enter confirms; arrows move the rectangle, Shift with them resizes it, Alt makes the step one pixel. */
export function areaPickerKey(event: PickerKeyEvent): AreaPickerKey | undefined {
  if (event.key === 'Escape') return { kind: 'cancel' };
  if (event.key === 'Enter') return { kind: 'confirm' };
  const delta = ARROWS[event.key];
  if (!delta) return undefined;
  return { kind: event.shiftKey ? 'resize' : 'move', dx: delta[0], dy: delta[1], fine: event.altKey };
}
