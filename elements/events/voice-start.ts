import type { EmptyDetail } from '../internal/dddk-element.js';

/** The user started holding the voice gesture (Space held while the bar awaits them). */
export type DddkVoiceStartEvent = CustomEvent<EmptyDetail>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-voice-start': DddkVoiceStartEvent;
  }
}
