/** What a run of the web agent reports, event by event, and what it ends with. */
import type { DecidedEffect } from '../../effects/effect.types.js';
import type { CallMetrics } from '../../llm/types.js';
import type { LoopEndReason, StepRecord, ToolResult } from '../../loop/types.js';
import type { ScreenshotSkipReason } from '../../page/screenshot/capture-screenshots.js';
import type { TaskPlan } from '../../prompts/task-plan.js';
import type { SaveResult } from '../session/session-store.js';
import type { AgentStatus } from '../session/session.types.js';
import type { PauseCause } from './agent-host.types.js';
import type { AgentContextRole } from './context-roles.js';
import type { ContextSkipReason } from './turn-context.js';

/** Which role of `llm` served a model call: `vision` when the turn carried screenshots. */
export type AgentLLMRole = 'webagent' | 'vision';

/** Why a stopped run stopped. */
export type AgentStopCause =
  /** `stop()` */
  | 'user'
  /** `interruptForFollowup()`: the session stays open for the next task. */
  | 'interrupt'
  /** The user chose "stop" at a pause. */
  | 'pause'
  /** A new task replaced it. */
  | 'replaced'
  /** `dispose()`: the page or the controller went away; the session is left as it was. */
  | 'dispose';

interface RunScoped {
  runId: string;
}

interface StepScoped extends RunScoped {
  step: number;
}

interface ActionScoped extends StepScoped {
  actionIndex: number;
}

export type AgentEvent =
  | ({ type: 'start'; task: string; sessionId: string; resumed: boolean; continued: boolean } & RunScoped)
  | ({ type: 'plan'; plan: TaskPlan } & RunScoped)
  /** Planning failed; the run goes on without a plan. */
  | ({ type: 'plan-failed'; error: Error } & RunScoped)
  | ({ type: 'thinking' } & StepScoped)
  | ({ type: 'text-delta'; text: string } & StepScoped)
  /** Step 0 is the plan's announcement. */
  | ({ type: 'narrate-delta'; text: string } & ActionScoped)
  | ({ type: 'narrate-complete'; text: string } & ActionScoped)
  | ({ type: 'about'; ids: string[] } & ActionScoped)
  | ({ type: 'tool-start'; callId: string; name: string; args: Record<string, unknown> } & ActionScoped)
  | ({ type: 'tool-end'; callId: string; name: string; result: ToolResult } & ActionScoped)
  /** The user's answer to the question before an action (or to an effect the page set off during it). */
  | ({ type: 'confirm'; callId: string; name: string; args: Record<string, unknown>; question: string; effects?: readonly DecidedEffect[]; approved: boolean } & ActionScoped)
  /** The host's effect policy threw while judging a call; the call was refused. */
  | ({ type: 'policy-error'; name: string; error: Error } & ActionScoped)
  | ({ type: 'pause'; cause: PauseCause; decision: 'continue' | 'stop' } & ActionScoped)
  /** `newDocument`: another document loads in the page's place; the run continues on the next page. */
  | ({ type: 'navigating'; to: string; newDocument?: true } & StepScoped)
  /** The page moved and its DOM settled (with `newDocument`: the page that was to be left is still here). */
  | ({ type: 'navigated'; to: string; newDocument?: true } & StepScoped)
  /** `role`: the `vision` model served a turn that carried screenshots, else the `webagent` one. */
  | ({ type: 'llm-call'; metrics: CallMetrics; role: AgentLLMRole } & StepScoped)
  /**
   * Diagnostics, not for the user: what the turn's capture gave (with `screenshot` on). `skipped`
   * says why the turn went on without pictures.
   */
  | ({ type: 'screenshot'; images: number; skipped?: { reason: ScreenshotSkipReason; detail: string } } & StepScoped)
  /** Diagnostics, not for the user: a context provider threw, timed out or returned no text, so its slot was left out of this turn. */
  | ({ type: 'context-skipped'; role: AgentContextRole; reason: ContextSkipReason; detail: string; error?: Error } & StepScoped)
  /** The session was written after a loop step (`failed`: the write threw; `stale`: another write won). */
  | ({ type: 'saved'; record: StepRecord; status: SaveResult['status'] | 'failed'; sessionStatus: AgentStatus } & StepScoped)
  | ({ type: 'error'; error: Error; retrying: boolean } & StepScoped)
  | ({ type: 'final' } & AgentOutcome);

export type AgentEventType = AgentEvent['type'];

export type AgentEndReason = LoopEndReason;

/** How a run ended. */
export interface AgentOutcome {
  runId: string;
  sessionId: string;
  reason: AgentEndReason;
  /** Present when `reason` is `stopped`. */
  stoppedBy?: AgentStopCause;
  /** The last turn's narration (envelope) or text (classic). */
  summary?: string;
  error?: Error;
  /** Model turns taken in this run, resumed ones included. */
  steps: number;
}
