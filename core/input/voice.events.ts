/** The user started or stopped asking to speak (e.g. holding Space); a speech engine listens to these. */
export interface VoiceGestureEvent {
  /** What made the gesture. */
  source: 'space-hold';
}

declare module '../events/event-map.js' {
  interface DddkEventMap {
    /** The user holds the voice gesture: start listening. */
    voice_start: VoiceGestureEvent;
    /** The voice gesture ended (released, or the page lost focus): stop listening. */
    voice_end: VoiceGestureEvent;
  }
}
