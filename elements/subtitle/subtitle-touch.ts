/** Thresholds of the bar's touch gestures, in CSS pixels and milliseconds. */
const SWIPE_MIN_PX = 48;
const TAP_MAX_MOVE_PX = 10;
const TAP_MAX_MS = 500;
const CONTROLS = 'button, a[href], input, textarea, select, label, summary, [contenteditable]';

export interface SubtitleTouchCallbacks {
  /** A finger swiped down over the bar. */
  onSwipeDown(): void;
  /** A finger tapped the bar outside its buttons, links and fields. */
  onTap(): void;
}

/**
 * Reads swipes and taps from touch and pen pointers on the bar. A mouse is left alone: its clicks
 * select text and press buttons as usual.
 */
export class SubtitleTouch {
  private start: { id: number; x: number; y: number; time: number } | undefined;

  constructor(private readonly callbacks: SubtitleTouchCallbacks) {}

  readonly down = (event: PointerEvent): void => {
    if (event.pointerType === 'mouse' || !event.isPrimary) return;
    this.start = { id: event.pointerId, x: event.clientX, y: event.clientY, time: event.timeStamp };
  };

  readonly up = (event: PointerEvent): void => {
    const start = this.start;
    this.start = undefined;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (dy >= SWIPE_MIN_PX && Math.abs(dy) > 2 * Math.abs(dx)) {
      this.callbacks.onSwipeDown();
      return;
    }
    const still = Math.hypot(dx, dy) <= TAP_MAX_MOVE_PX && event.timeStamp - start.time <= TAP_MAX_MS;
    if (still && !startedOnControl(event)) this.callbacks.onTap();
  };

  readonly cancel = (): void => {
    this.start = undefined;
  };
}

function startedOnControl(event: Event): boolean {
  for (const node of event.composedPath()) {
    if (node instanceof Element && node.matches(CONTROLS)) return true;
    if (node === event.currentTarget) return false;
  }
  return false;
}
