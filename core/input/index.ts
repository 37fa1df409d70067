export { createGestureMachine } from './gesture-machine.js';
export { DEFAULT_GESTURE_THRESHOLDS, resolveGestureThresholds } from './gesture-thresholds.js';
export { bindGestures, type BindGesturesOptions, type GestureHostContext } from './bind-gestures.js';
export { isTypingTarget } from './keys.js';
export type {
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
export { joinDocumentGestures, documentGestureParticipants, type GestureParticipant } from './document-gestures.js';
export type { VoiceGestureEvent } from './voice.events.js';
