import type { SkillKind } from '../skill.types.js';

/** Why a skill did not run to its end; `message` says it in the visitor's words. */
export type SkillFailureReason =
  | 'not-found'
  | 'missing-arguments'
  | 'no-model'
  | 'no-agent'
  | 'target-missing'
  | 'cycle'
  | 'too-deep'
  | 'invalid-surface'
  | 'agent-failed'
  | 'threw';

/**
 * How a run ended. `suspended`: a step loaded another document; the run goes on there through
 * `resumePending()` (or a runner that took it over).
 */
export type SkillOutcome =
  | { status: 'done'; skillId: string; runId: string; /** A `via: 'llm'` prompt's answer. */ answer?: string }
  | { status: 'cancelled'; skillId: string; runId: string }
  | { status: 'failed'; skillId?: string; runId?: string; reason: SkillFailureReason; message: string; /** The arguments or variables not given. */ missing?: readonly string[] }
  | { status: 'suspended'; skillId: string; runId: string; /** The step the run goes on at. */ step: number };

/** The run the runner is busy with, for a view (a Stop button, "step 3 of 7"). */
export interface ActiveSkillRun {
  readonly runId: string;
  readonly skillId: string;
  readonly kind: SkillKind;
  /** A script's step now running (0-based), and how many it has. */
  readonly step?: number;
  readonly steps?: number;
  /** True when it was picked up from a step pointer after a reload or a route change. */
  readonly resumed: boolean;
}
