/** How the web agent reaches the visitor: consent, questions, pauses, tracking and a hand-off to a human. */
import type { ConfirmRequest, EscalationRequest } from '../../page/actions/types.js';

export type PauseCause = 'step' | 'tool';

export interface AgentPauseRequest {
  /** `step`: a visitor-paced run waits before its next action; `tool`: the model called `pause`. */
  cause: PauseCause;
  /** What comes next (a `step` pause), or the model's words (a `tool` pause). */
  message: string;
  step: number;
  actionIndex: number;
}

export interface HostCallOptions {
  /** Aborts when the run stops: take the question off the screen. */
  signal: AbortSignal;
}

/**
 * How the agent reaches the user. The controller supplies these over the subtitle bar; without a
 * handler, questions fail for the model, destructive actions are declined and pauses end at once.
 */
export interface AgentHost {
  confirm?(request: ConfirmRequest, options: HostCallOptions): Promise<boolean>;
  /** Resolves the answer, or `null` when the user dismissed the question. */
  ask?(question: string, options: HostCallOptions): Promise<string | null>;
  /** Resolves the chosen option (or free text), or `null` when dismissed. */
  choose?(question: string, choices: string[], options: HostCallOptions): Promise<string | null>;
  pause?(request: AgentPauseRequest, options: HostCallOptions): Promise<'continue' | 'stop'>;
  track?(name: string, props: Record<string, unknown>): void | Promise<void>;
  escalate?(request: EscalationRequest): void | string | Promise<void | string>;
}
