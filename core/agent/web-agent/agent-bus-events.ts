import type { ToolResult } from '../../loop/types.js';
import type { AgentEndReason, AgentStopCause } from './agent-events.types.js';

// The agent's events on the controller's bus, declared into the hub so the hub imports nothing of the agent.
/** Every agent event names its run. */
export interface AgentRunRef {
  runId: string;
}

export interface AgentStartEvent extends AgentRunRef {
  task: string;
  sessionId: string;
  /** True when the run continues one that a reload interrupted. */
  resumed: boolean;
}

/** A model call began (step 1 is the run's first). */
export interface AgentThinkingEvent extends AgentRunRef {
  step: number;
}

/**
 * The model's answer for turn `step` has been read and every action in it has run: the next turn
 * (or the retry of a failed one, after `agent_error`) reads the page and the tools afresh.
 */
export interface AgentTurnEndEvent extends AgentRunRef {
  step: number;
}

export interface AgentNarrationEvent extends AgentRunRef {
  step: number;
  /** The action the narration belongs to; step 0 is the plan's announcement. */
  actionIndex: number;
  /** `agent_narrate_delta`: the new characters; `agent_narrate_complete`: the whole narration. */
  text: string;
}

export interface AgentToolStartEvent extends AgentRunRef {
  name: string;
  args: Record<string, unknown>;
}

export interface AgentToolEndEvent extends AgentRunRef {
  name: string;
  result: ToolResult;
}

export interface AgentNavigationEvent extends AgentRunRef {
  /** The URL the page moves (`agent_navigating`) or moved (`agent_navigated`) to. */
  to: string;
}

export interface AgentFinalEvent extends AgentRunRef {
  reason: AgentEndReason;
  stoppedBy?: AgentStopCause;
  summary?: string;
}

export interface AgentErrorEvent extends AgentRunRef {
  error: Error;
  /** True when the turn is tried again; false when the run ends with it. */
  retrying: boolean;
}

declare module '../../events/event-map.js' {
  interface DddkEventMap {
    agent_start: AgentStartEvent;
    agent_thinking: AgentThinkingEvent;
    agent_turn_end: AgentTurnEndEvent;
    agent_narrate_delta: AgentNarrationEvent;
    agent_narrate_complete: AgentNarrationEvent;
    agent_tool_start: AgentToolStartEvent;
    agent_tool_end: AgentToolEndEvent;
    agent_navigating: AgentNavigationEvent;
    /** The page moved and its DOM settled. */
    agent_navigated: AgentNavigationEvent;
    agent_final: AgentFinalEvent;
    agent_error: AgentErrorEvent;
  }
}
