import type {
  GestureClock,
  GestureContext,
  GestureDecision,
  GestureIntent,
  GestureKeyEvent,
  GestureListener,
  GestureMachine,
  GestureStateName,
  GestureThresholds,
} from './gesture.types.js';
import { resolveGestureThresholds } from './gesture-thresholds.js';
import { hasModifier, isComposingKey, isPaletteShortcut, isSpaceKey } from './keys.js';

// Read the global timers at call time so that importing this module touches nothing.
const systemClock: GestureClock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

function pass(): GestureDecision {
  return { preventDefault: false, intents: [] };
}

/**
 * The Space-bar gesture machine plus the plain shortcuts (Tab, Esc, Ctrl/⌘+K), with no DOM.
 *
 * A Space press becomes a tap (released within `tapMaxMs`) or a hold (still down at `holdMinMs`).
 * A lone tap is `accept`, two taps are `reject`, a hold is `voice-start` … `voice-end`. Space is
 * only taken while something awaits the user, never while typing, on repeat or during composition.
 * While something only runs (`interruptible`), the page keeps its taps: the machine watches them
 * and takes only the second tap of a double tap, as `reject`.
 */
export function createGestureMachine(
  thresholdOverrides: Partial<GestureThresholds> = {},
  clock: GestureClock = systemClock,
): GestureMachine {
  const thresholds = resolveGestureThresholds(thresholdOverrides);
  const listeners = new Set<GestureListener>();
  let state: GestureStateName = 'idle';
  let pressStartedAt = 0;
  let tapEndedAt = 0;
  let holdTimer: unknown = undefined;
  let acceptTimer: unknown = undefined;
  /** The last Space press the page kept (while only `interruptible`); `endedAt` once it was a tap. */
  let pageTap: { pressedAt: number; endedAt?: number } | undefined;
  /** Whose tap the `second-press` follows: the machine's own (then a lone tap is still an accept) or the page's. */
  let firstTap: 'own' | 'page' = 'own';

  function deliver(intents: GestureIntent[]): void {
    for (const intent of intents) for (const listener of [...listeners]) listener(intent);
  }

  // The state is settled before listeners run, so a listener that throws leaves the machine consistent.
  function decide(preventDefault: boolean, intents: GestureIntent[] = []): GestureDecision {
    deliver(intents);
    return { preventDefault, intents };
  }

  function cancelHoldTimer(): void {
    if (holdTimer !== undefined) clock.clearTimeout(holdTimer);
    holdTimer = undefined;
  }

  function cancelAcceptTimer(): void {
    if (acceptTimer !== undefined) clock.clearTimeout(acceptTimer);
    acceptTimer = undefined;
  }

  function startPress(time: number, next: 'pressed' | 'second-press', after: 'own' | 'page' = 'own'): void {
    state = next;
    firstTap = after;
    pressStartedAt = time;
    cancelHoldTimer();
    holdTimer = clock.setTimeout(onHoldReached, thresholds.holdMinMs);
  }

  function onHoldReached(): void {
    holdTimer = undefined;
    if (state !== 'pressed' && state !== 'second-press') return;
    // A hold after the page's tap is no gesture; the press stays taken until its release.
    if (state === 'second-press' && firstTap === 'page') return;
    // A hold after a tap: the tap was a lone one, so it still counts as an accept.
    const intents: GestureIntent[] = state === 'second-press' ? ['accept', 'voice-start'] : ['voice-start'];
    state = 'holding';
    deliver(intents);
  }

  function onDoubleTapWindowOver(): void {
    acceptTimer = undefined;
    if (state !== 'tap-pending') return;
    state = 'idle';
    deliver(['accept']);
  }

  function spaceDown(event: GestureKeyEvent, context: GestureContext): GestureDecision {
    // A press we already own stays ours, repeats included, so its keyup and repeats do not leak to the page.
    if (state === 'pressed' || state === 'second-press' || state === 'holding') return decide(true);
    // Only the very next press after the page's tap can make a double tap of it.
    const lastPageTap = pageTap;
    pageTap = undefined;
    if (event.repeat || hasModifier(event)) return pass();
    if (context.typing || context.paletteOpen) return pass();
    if (!context.awaitingUser) return context.interruptible ? pageSpaceDown(event, lastPageTap) : pass();

    if (state === 'tap-pending') {
      cancelAcceptTimer();
      if (event.time - tapEndedAt <= thresholds.doubleTapWindowMs) {
        startPress(event.time, 'second-press');
        return decide(true);
      }
      // The window passed but the timer has not run yet (a busy page): settle the first tap now.
      startPress(event.time, 'pressed');
      return decide(true, ['accept']);
    }
    startPress(event.time, 'pressed');
    return decide(true);
  }

  // Nothing awaits the user: the press is the page's unless it is the second tap of a double tap.
  function pageSpaceDown(event: GestureKeyEvent, lastPageTap: typeof pageTap): GestureDecision {
    if (thresholds.immediateAccept) return pass();
    const lastTapEnd = state === 'tap-pending' ? tapEndedAt : lastPageTap?.endedAt;
    if (lastTapEnd !== undefined && event.time - lastTapEnd <= thresholds.doubleTapWindowMs) {
      const after = state === 'tap-pending' ? 'own' : 'page';
      cancelAcceptTimer();
      startPress(event.time, 'second-press', after);
      return decide(true);
    }
    pageTap = { pressedAt: event.time };
    return pass();
  }

  function spaceUp(event: GestureKeyEvent): GestureDecision {
    if (state === 'idle' || state === 'tap-pending') {
      // The page's press was a tap if released in time; a later keyup (a hold's) forgets it.
      if (pageTap && pageTap.endedAt === undefined && event.time - pageTap.pressedAt <= thresholds.tapMaxMs) pageTap.endedAt = event.time;
      else pageTap = undefined;
      return pass();
    }
    cancelHoldTimer();
    if (state === 'holding') {
      state = 'idle';
      return decide(true, ['voice-end']);
    }
    const wasTap = event.time - pressStartedAt <= thresholds.tapMaxMs;
    if (state === 'second-press') {
      state = 'idle';
      // A slow second press is no double tap; the first tap stands on its own (the page's already did).
      if (wasTap) return decide(true, ['reject']);
      return decide(true, firstTap === 'own' ? ['accept'] : []);
    }
    // A press longer than a tap whose hold timer has not fired yet means nothing.
    if (!wasTap) {
      state = 'idle';
      return decide(true);
    }
    if (thresholds.immediateAccept) {
      state = 'idle';
      return decide(true, ['accept']);
    }
    state = 'tap-pending';
    tapEndedAt = event.time;
    acceptTimer = clock.setTimeout(onDoubleTapWindowOver, thresholds.doubleTapWindowMs);
    return decide(true);
  }

  function handle(event: GestureKeyEvent, context: GestureContext): GestureDecision {
    // The release of a press we own still ends it, or a voice hold would outlive the key.
    const endsOwnedPress = event.type === 'up' && state !== 'idle' && state !== 'tap-pending';
    if (isComposingKey(event) && !(endsOwnedPress && isSpaceKey(event))) return pass();
    if (isSpaceKey(event)) return event.type === 'down' ? spaceDown(event, context) : spaceUp(event);
    if (event.type !== 'down') return pass();
    // Ctrl/⌘+K belongs to the kit everywhere; a held repeat is swallowed without toggling again.
    if (isPaletteShortcut(event)) {
      if (context.paletteShortcut === false) return pass();
      return decide(true, event.repeat ? [] : ['toggle-palette']);
    }
    if (event.repeat || hasModifier(event)) return pass();
    // Esc in a field belongs to the field (clearing a search, closing an autocomplete).
    if (event.key === 'Escape' && (context.awaitingUser || context.interruptible) && !context.typing && !context.paletteOpen) {
      return decide(true, ['dismiss']);
    }
    if (event.key === 'Tab' && context.awaitingUser && !context.typing && !context.paletteOpen) {
      return decide(true, ['accept-line']);
    }
    return pass();
  }

  function release(): GestureDecision {
    cancelHoldTimer();
    cancelAcceptTimer();
    const wasHolding = state === 'holding';
    state = 'idle';
    pageTap = undefined;
    return wasHolding ? decide(false, ['voice-end']) : pass();
  }

  return {
    get state() {
      return state;
    },
    handle,
    release,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose() {
      cancelHoldTimer();
      cancelAcceptTimer();
      listeners.clear();
      state = 'idle';
      pageTap = undefined;
    },
  };
}
