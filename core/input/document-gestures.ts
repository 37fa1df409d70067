import { bindGestures, type GestureHostContext } from './bind-gestures.js';
import type { GestureIntent, GestureThresholds } from './gesture.types.js';

/** One view that takes part in a document's gestures (e.g. one subtitle bar). */
export interface GestureParticipant {
  /** What this view knows about the key: whether it awaits the user, whether the key is typing. */
  context(event: KeyboardEvent): GestureHostContext;
  /** An intent for this view; it reaches only the view that was awaiting the user when the key came. */
  onIntent(intent: GestureIntent): void;
}

interface DocumentBinding {
  participants: GestureParticipant[];
  /** The participant the last key was read for; timed intents (a tap's accept, a hold) go to it. */
  owner: GestureParticipant | undefined;
  unbind: () => void;
}

const bindings = new WeakMap<EventTarget, DocumentBinding>();

/**
 * Joins `participant` to the single gesture binding of `doc`, creating it for the first one and
 * removing it when the last one leaves: two views on a page never both react to one key. The
 * first participant's `thresholds` hold for the binding. Returns the function that leaves.
 */
export function joinDocumentGestures(
  doc: Document,
  participant: GestureParticipant,
  thresholds?: Partial<GestureThresholds>,
): () => void {
  let binding = bindings.get(doc);
  if (!binding) {
    const created: DocumentBinding = { participants: [], owner: undefined, unbind: () => {} };
    created.unbind = bindGestures(doc, {
      thresholds,
      context: (event) => readContext(created, event),
      onIntent: (intent) => created.owner?.onIntent(intent),
    });
    bindings.set(doc, created);
    binding = created;
  }
  const joined = binding;
  joined.participants.push(participant);
  let left = false;
  return () => {
    if (left) return;
    left = true;
    joined.participants = joined.participants.filter((candidate) => candidate !== participant);
    if (joined.owner === participant) joined.owner = undefined;
    if (joined.participants.length > 0) return;
    joined.unbind();
    bindings.delete(doc);
  };
}

/** How many views share the gesture binding of `doc` (0 when it has none). */
export function documentGestureParticipants(doc: Document): number {
  return bindings.get(doc)?.participants.length ?? 0;
}

/**
 * The first participant awaiting the user speaks for the key; with none, the first one running
 * something the user may stop; with neither, the first one.
 */
function readContext(binding: DocumentBinding, event: KeyboardEvent): GestureHostContext {
  let first: { participant: GestureParticipant; context: GestureHostContext } | undefined;
  let interruptible: typeof first;
  for (const participant of binding.participants) {
    const context = participant.context(event);
    first ??= { participant, context };
    if (context.awaitingUser) {
      binding.owner = participant;
      return context;
    }
    if (context.interruptible) interruptible ??= { participant, context };
  }
  // A release keeps the owner of its press, so a double tap's reject reaches the view that took it.
  if (interruptible && event.type === 'keydown') {
    binding.owner = interruptible.participant;
    return interruptible.context;
  }
  // A key that reaches no awaiting view (e.g. the release of a hold) keeps the owner of its press.
  binding.owner ??= first?.participant;
  return first?.context ?? { awaitingUser: false };
}
