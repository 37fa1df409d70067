import type { AgentEndReason, AgentStopCause } from '../agent/web-agent/agent-events.types.js';
import type { ToolResult } from '../loop/types.js';
import type { IntentEvent } from './intents.js';

export interface LocaleChangeEvent {
  locale: string;
  previous: string;
}

/** Something failed where no caller can catch it, e.g. an event handler or a model listener threw. */
export interface DddkErrorEvent {
  error: unknown;
  /** Where it happened, e.g. `event-handler:intent` or `subtitle-listener`. */
  source: string;
}

/**
 * The controller's events. Features and hosts add events by declaration merging:
 *
 * ```ts
 * declare module 'dddk/core' {
 *   interface DddkEventMap { cart_updated: { items: number } }
 * }
 * ```
 * An event without a payload is declared as `void`.
 */
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

export interface DddkEventMap {
  intent: IntentEvent;
  locale_change: LocaleChangeEvent;
  error: DddkErrorEvent;
  /** The controller is being destroyed; handlers are dropped right after this event. */
  destroy: void;
  agent_start: AgentStartEvent;
  agent_thinking: AgentThinkingEvent;
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

export type DddkEventName = keyof DddkEventMap;
