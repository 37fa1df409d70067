import type { EmptyDetail } from '../internal/dddk-element.js';

/** The user ended the voice gesture (released it, or the page lost focus). */
export type DddkVoiceEndEvent = CustomEvent<EmptyDetail>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-voice-end': DddkVoiceEndEvent;
  }
}
