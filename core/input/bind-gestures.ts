import { createGestureMachine } from './gesture-machine.js';
import type { GestureClock, GestureContext, GestureListener, GestureThresholds } from './gesture.types.js';
import { targetOwnsKey } from './keys.js';

/** What the host knows about its own UI; whether the user types is read from the key's target. */
export interface GestureHostContext {
  awaitingUser: boolean;
  /** Something runs that Esc or a double Space stops (see `GestureContext.interruptible`). */
  interruptible?: boolean;
  paletteOpen?: boolean;
  /** Forces "typing" on, for fields the focused-element check cannot see. */
  typing?: boolean;
  /** `false` leaves Ctrl/⌘+K alone, for a page whose palette element takes it itself. Default true. */
  paletteShortcut?: boolean;
}

export interface BindGesturesOptions {
  /** Called on every key with that key, so the answer is always current. */
  context: (event: KeyboardEvent) => GestureHostContext;
  onIntent: GestureListener;
  thresholds?: Partial<GestureThresholds>;
  clock?: GestureClock;
}

/**
 * Listens for keys on `target` (capture phase, before the page's own handlers) and turns them into
 * intents. A hold ends when the window loses focus or the page is hidden, since its keyup never comes.
 * Returns the function that removes every listener.
 */
export function bindGestures(target: EventTarget | undefined, options: BindGesturesOptions): () => void {
  const root = target ?? globalThis.document;
  if (!root) throw new TypeError('bindGestures needs a target: pass a document or an element (no global document here).');
  const doc = ownerDocumentOf(root);
  const win = doc?.defaultView ?? undefined;
  const machine = createGestureMachine(options.thresholds, options.clock);
  const unsubscribe = machine.subscribe(options.onIntent);

  function readContext(event: KeyboardEvent): GestureContext {
    const host = options.context(event);
    const origin = event.composedPath()[0] ?? event.target;
    return {
      awaitingUser: Boolean(host.awaitingUser),
      interruptible: Boolean(host.interruptible),
      paletteOpen: Boolean(host.paletteOpen),
      typing: Boolean(host.typing) || targetOwnsKey(event.key ?? '', origin),
      paletteShortcut: host.paletteShortcut !== false,
    };
  }

  function onKey(event: Event): void {
    const key = event as KeyboardEvent;
    const decision = machine.handle(
      {
        type: event.type === 'keydown' ? 'down' : 'up',
        key: key.key ?? '',
        code: key.code,
        repeat: key.repeat,
        isComposing: key.isComposing,
        keyCode: key.keyCode,
        time: key.timeStamp,
        ctrlKey: key.ctrlKey,
        metaKey: key.metaKey,
        altKey: key.altKey,
        shiftKey: key.shiftKey,
      },
      readContext(key),
    );
    if (decision.preventDefault) event.preventDefault();
  }

  function onFocusLost(): void {
    machine.release();
  }

  function onVisibilityChange(): void {
    if (doc?.visibilityState === 'hidden') machine.release();
  }

  root.addEventListener('keydown', onKey, true);
  root.addEventListener('keyup', onKey, true);
  win?.addEventListener('blur', onFocusLost);
  doc?.addEventListener('visibilitychange', onVisibilityChange);

  let bound = true;
  return function unbind() {
    if (!bound) return;
    bound = false;
    root.removeEventListener('keydown', onKey, true);
    root.removeEventListener('keyup', onKey, true);
    win?.removeEventListener('blur', onFocusLost);
    doc?.removeEventListener('visibilitychange', onVisibilityChange);
    // A voice hold in progress is closed so the host never waits for a voice-end.
    machine.release();
    unsubscribe();
    machine.dispose();
  };
}

function ownerDocumentOf(target: EventTarget): Document | undefined {
  const node = target as Partial<Node> & Partial<Window>;
  if (node.nodeType === 9) return target as Document;
  if (node.ownerDocument) return node.ownerDocument;
  if (node.document && node.window === target) return node.document;
  return undefined;
}
