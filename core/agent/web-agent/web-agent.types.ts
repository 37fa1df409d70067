/**
 * The web agent and its runs as a host holds them. The rest of its vocabulary lives beside this file,
 * one concern each (config, page, host, events), and is re-exported here.
 */
import type { ContextProvider, ContextProviderHandle, ContextRole } from '../../page/context/context-providers.js';
import type { AgentSession, TurnSelection } from '../session/session.types.js';
import type { AgentAction } from './agent-config.types.js';
import type { AgentEndReason, AgentEvent, AgentOutcome, AgentStopCause } from './agent-events.types.js';

export type { AgentAction, AgentActionOverride, AgentFenceSource, PlannerInput, WebAgentConfig, WebAgentScreenshotConfig } from './agent-config.types.js';
export type { AgentEndReason, AgentEvent, AgentEventType, AgentLLMRole, AgentOutcome, AgentStopCause } from './agent-events.types.js';
export type { AgentHost, AgentPauseRequest, HostCallOptions, PauseCause } from './agent-host.types.js';
export type { AgentPage, PageReadOptions, PageSnapshot, SettleOptions } from './agent-page.types.js';

export interface AgentRunOptions {
  /** Start a new session whatever the continuity rules say. */
  fresh?: boolean;
  /** What the user had selected when they asked. */
  selection?: TurnSelection;
  /**
   * Pictures the user attached to the request (`data:image/…;base64` or `https:` URLs, at most 10).
   * They go with the request in the run's first turn, which the `vision` role serves; they are never
   * written to the session or an export, so a run resumed after a reload goes on without them.
   */
  images?: readonly string[];
}

/** One run of the agent. It starts at once; reading `events` is optional. */
export interface AgentRun {
  readonly id: string;
  readonly task: string;
  /** True when it continues a run that a reload interrupted. */
  readonly resumed: boolean;
  /** Every event of the run from its start, to any number of readers. */
  readonly events: AsyncIterable<AgentEvent>;
  /** Settles (never rejects) when the run is over. */
  readonly done: Promise<AgentOutcome>;
  readonly finished: boolean;
  stop(): void;
}

/** A registered tool; `remove()` takes it away from the next turn on. */
export interface ToolHandle {
  readonly name: string;
  remove(): void;
}

/** A JSON-serializable record of the current session, for bug reports and replays. */
export interface AgentRunExport {
  format: 'dddk.agent-run';
  version: 1;
  exportedAt: number;
  runId?: string;
  outcome?: { reason: AgentEndReason; stoppedBy?: AgentStopCause; summary?: string; error?: string; steps: number };
  session: AgentSession;
}

export interface WebAgent {
  /** The run under way, if any. */
  readonly currentRun: AgentRun | undefined;
  readonly running: boolean;
  /**
   * Runs a task. It continues the current session when the continuity rules say so (or when it was
   * interrupted for a follow-up), unless `fresh`. A run under way is interrupted and its session
   * continued. Throws a TypeError when `task` is not a non-empty string of bounded length.
   */
  run(task: string, options?: AgentRunOptions): AgentRun;
  /** Continues a run that a reload or navigation interrupted, at its next step; undefined when there is none. */
  resumeIfPending(): AgentRun | undefined;
  /** Stops the run but keeps its session open, so the next task continues it. */
  interruptForFollowup(): void;
  /** Stops the run under way; its session is no longer resumed. */
  stop(): void;
  /** The next task starts a fresh session. */
  endContinuity(): void;
  /** Offers a tool from the next turn on. Throws when the name is taken. */
  registerTool(tool: AgentAction): ToolHandle;
  /**
   * Puts `provider` in charge of one context slot from the next turn on; `restore()` on the handle
   * undoes exactly this replacement. Throws a TypeError for the `screenshot` role (use the
   * `screenshot` config), an unknown role or a provider that is not a function.
   */
  registerContextProvider(role: ContextRole, provider: ContextProvider): ContextProviderHandle;
  exportRun(): AgentRunExport | null;
  /** The session as last written. */
  session(): AgentSession | null;
  setLocale(locale: string): void;
  /** Stops the run without touching its session (as when the page goes away) and releases the storage. */
  dispose(): void;
}
