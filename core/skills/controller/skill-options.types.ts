import type { KeyValueStorage } from '../../storage/key-value-storage.js';

/** How the controller's skills keep their settings and decide what to offer (`createDddk({ skillOptions })`). */
export interface SkillOptions {
  /** Where the skills' settings persist. Default the page's localStorage. Never receives a password field's value. */
  storage?: KeyValueStorage;
  /**
   * The host's secure store for password settings. Without one they live in memory for this page
   * only, and the visitor enters them again on the next.
   */
  secretStorage?: KeyValueStorage;
  /** Where a tour's step pointer lives. Default the tab's sessionStorage, so a reload resumes it. */
  sessionStorage?: KeyValueStorage;
  /** What the skills' `visible(context)` is told of the visitor (signed in, plan), asked each time. */
  visitor?: () => unknown;
  /** How long a tour step waits for its element to appear. Default 5000 ms. */
  targetTimeoutMs?: number;
}
