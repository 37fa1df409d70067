import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { joinDocumentGestures, type GestureParticipant } from '../../core/input/document-gestures.js';
import type { GestureHostContext } from '../../core/input/bind-gestures.js';
import type { GestureIntent, GestureThresholds } from '../../core/input/gesture.types.js';
import type { SubtitleView } from '../../core/subtitle/subtitle.connect.js';

export interface SubtitleGestureOptions {
  /** The view of the model's current state, read at the moment of the key. */
  view(): SubtitleView | undefined;
  /** Whether the controller's palette is open (the palette then owns Space, Esc and Tab). */
  paletteOpen(): boolean;
  thresholds(): Partial<GestureThresholds> | undefined;
  onIntent(intent: GestureIntent): void;
}

/**
 * Takes part in the document's one gesture binding while the element is connected. Space, Tab and
 * Esc become the bar's only while it awaits the user; while a task runs, Esc and the second tap of
 * a double Space are its too. Never when they go to a field or (Space, Tab) to a control of their
 * own; Ctrl/⌘+K stays with the palette element.
 */
export class SubtitleGestures implements ReactiveController, GestureParticipant {
  private leave: (() => void) | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: SubtitleGestureOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.leave ??= joinDocumentGestures(this.host.ownerDocument, this, this.options.thresholds());
  }

  hostDisconnected(): void {
    this.leave?.();
    this.leave = undefined;
  }

  context(event: KeyboardEvent): GestureHostContext {
    const view = this.options.view();
    if (!view) return { awaitingUser: false, paletteShortcut: false };
    return {
      ...view.gestureContext(event.key),
      paletteOpen: this.options.paletteOpen(),
      paletteShortcut: false,
    };
  }

  onIntent(intent: GestureIntent): void {
    this.options.onIntent(intent);
  }
}
