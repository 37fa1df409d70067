import { isRunningStatus } from './session-record.js';
import type { AgentSession } from './session.types.js';

/** Ten minutes: long enough for a reload or a slow navigation, short enough not to revive a forgotten run. */
export const DEFAULT_RESUME_WINDOW_MS = 10 * 60 * 1000;

export interface ContinuityOptions {
  now: number;
  /** Follow-ups within this many ms of the last write continue the session; 0 turns it off. */
  continuityMs: number;
  /** `time`: `continuityMs` decides; `palette`: the session continues until continuity is ended. */
  scope: 'time' | 'palette';
  /** An interrupted session is continued only if this recent. */
  resumeWindowMs: number;
  /**
   * What this page knows of the session: `open` once a task began or continued it here, `ended` after
   * `endContinuity()`, `unknown` otherwise (e.g. just loaded after a reload).
   */
  continuity: 'open' | 'ended' | 'unknown';
}

export type ContinuationReason =
  | 'no-session'
  | 'interrupted'
  | 'within-window'
  | 'palette-open'
  | 'continuity-off'
  | 'continuity-ended'
  | 'window-passed';

/** Whether the next task continues `session` (a follow-up) or starts a fresh one, and why. */
export function decideContinuation(
  session: AgentSession | null,
  options: ContinuityOptions,
): { continue: boolean; reason: ContinuationReason } {
  if (!session) return { continue: false, reason: 'no-session' };
  const age = options.now - session.updatedAt;
  if (session.status === 'interrupted' && age <= options.resumeWindowMs) return { continue: true, reason: 'interrupted' };
  if (options.continuity === 'ended') return { continue: false, reason: 'continuity-ended' };
  if (options.scope === 'palette') {
    return options.continuity === 'open' ? { continue: true, reason: 'palette-open' } : { continue: false, reason: 'continuity-ended' };
  }
  if (!(options.continuityMs > 0)) return { continue: false, reason: 'continuity-off' };
  return age <= options.continuityMs ? { continue: true, reason: 'within-window' } : { continue: false, reason: 'window-passed' };
}

/** A run was in progress at the last write, recently enough to pick it up at its next step. */
export function isResumable(session: AgentSession | null, now: number, resumeWindowMs = DEFAULT_RESUME_WINDOW_MS): boolean {
  return session !== null && isRunningStatus(session.status) && now - session.updatedAt <= resumeWindowMs;
}
