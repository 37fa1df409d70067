import type { GestureThresholds } from './gesture.types.js';

export const DEFAULT_GESTURE_THRESHOLDS: Readonly<GestureThresholds> = Object.freeze({
  tapMaxMs: 150,
  doubleTapWindowMs: 350,
  holdMinMs: 250,
  immediateAccept: false,
});

/** Fills in defaults and refuses values that would make taps and holds overlap or never happen. */
export function resolveGestureThresholds(overrides: Partial<GestureThresholds> = {}): GestureThresholds {
  const thresholds = { ...DEFAULT_GESTURE_THRESHOLDS, ...stripUndefined(overrides) };
  for (const field of ['tapMaxMs', 'doubleTapWindowMs', 'holdMinMs'] as const) {
    const value = thresholds[field];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new RangeError(`Gesture threshold \`${field}\` must be a finite number of milliseconds >= 0; got ${String(value)}.`);
    }
  }
  if (thresholds.holdMinMs < thresholds.tapMaxMs) {
    throw new RangeError(
      `Gesture threshold \`holdMinMs\` (${thresholds.holdMinMs}) must be at least \`tapMaxMs\` (${thresholds.tapMaxMs}), ` +
        'or a single press would be both a tap and a hold.',
    );
  }
  return thresholds;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
