/** How choosing an area ended: a picture was added, the visitor cancelled, or the capture failed (an error chip says why). */
export type DddkCaptureOutcome = 'captured' | 'cancelled' | 'failed';

/** Choosing and capturing an area of the page is over (`detail.outcome`). */
export type DddkCaptureEndEvent = CustomEvent<{ outcome: DddkCaptureOutcome }>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-capture-end': DddkCaptureEndEvent;
  }
}
