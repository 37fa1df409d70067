/** How `dddk.showSurfaceAndAwait()` shows a surface and when it stops waiting. */
export interface AwaitSurfaceOptions {
  /** Ends the wait (as a cancel) and takes the surface away. */
  signal?: AbortSignal;
  /** The accessible name of a modal or dock. */
  label?: string;
  /** What the surface asks for; `preferences` marks a skill's setup form, which `submitPreferences` answers. */
  purpose?: string;
}
