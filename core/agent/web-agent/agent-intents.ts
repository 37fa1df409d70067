import type { JsonObject } from '../../events/json.js';
import type { ToolFailureCode } from '../../loop/types.js';
import type { AgentEndReason, AgentStopCause } from './agent-events.types.js';
import type { PauseCause } from './agent-host.types.js';

// The agent's intents, declared into the intent hub so the hub imports nothing of the agent.
declare module '../../events/intents.js' {
  interface IntentEventMap {
    /** An agent run began: a new task, a follow-up, or a run resumed after a reload. `runId` ties the run's intents together. */
    agent_run_started: { runId: string; sessionId: string; task: string; resumed: boolean; timestamp: number };
    /** The run ended on its own: the task is done, the step cap was reached, or it failed. */
    agent_run_completed: { runId: string; sessionId: string; reason: Exclude<AgentEndReason, 'stopped'>; steps: number; timestamp: number };
    /** The run was stopped before it ended: by the user, at a pause, or to take a follow-up. */
    agent_run_stopped: { runId: string; sessionId: string; reason: AgentStopCause; steps: number; timestamp: number };
    /** An action did not do what it was asked: `code` says why, `message` says it in words. */
    agent_tool_failed: { runId: string; name: string; code: ToolFailureCode; message?: string; timestamp: number };
    /** One model call of a run, with its speed. */
    agent_llm_call: {
      runId: string;
      step: number;
      provider: string;
      model: string;
      durationMs: number;
      ttftMs?: number;
      inputTokens?: number;
      outputTokens?: number;
      /** Output tokens per second over the whole call. */
      tokensPerSec?: number;
      outcome?: 'finished' | 'failed' | 'cancelled';
      timestamp: number;
    };
    /** The user's answer to an action that needed consent. */
    confirm_action: { runId: string; actionName: string; params: JsonObject; approved: boolean; timestamp: number };
    /** The user's choice at a pause: go on, or stop the run. */
    agent_pause_decision: { runId: string; decision: 'continue' | 'stop'; cause: PauseCause; timestamp: number };
    /** The user's verdict at the end of a run: `satisfied` true/false, or `null` with the picked option in `summary`. */
    agent_feedback: { runId: string; satisfied: boolean | null; summary: string; timestamp: number };
    /** The agent handed the conversation to a human. */
    agent_escalated: { runId: string; reason: string; context?: string; timestamp: number };
  }
}
