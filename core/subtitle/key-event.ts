import type { KeyLike } from '../input/keys.js';

/**
 * A key as the bar's handlers read it. A DOM `KeyboardEvent` is one, so a view binds the handlers
 * as they are; a test passes a plain object.
 */
export interface SubtitleKeyEvent extends KeyLike {
  readonly defaultPrevented: boolean;
  /** The nodes the event went through, innermost first: its first one is where the key was typed. */
  composedPath(): readonly unknown[];
  preventDefault(): void;
  stopPropagation(): void;
}

/** Where the key was typed (inside shadow roots included), for the "does it own this key" rules. */
export function keyOrigin(event: SubtitleKeyEvent): EventTarget | undefined {
  return (event.composedPath()[0] as EventTarget | undefined) ?? undefined;
}
