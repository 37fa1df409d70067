/** How choosing an element ended: one was picked (and pinned, or refused with an error chip), or the visitor cancelled. */
export type DddkPickOutcome = 'picked' | 'cancelled';

/** Choosing a page element to pin is over (`detail.outcome`). */
export type DddkPickEndEvent = CustomEvent<{ outcome: DddkPickOutcome }>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-pick-end': DddkPickEndEvent;
  }
}
