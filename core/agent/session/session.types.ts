import type { JsonObject, JsonValue } from '../../events/json.js';
import type { TaskPlan } from '../../prompts/task-plan.js';

/**
 * Where a run stands. `thinking`, `executing`, `navigating` and `waiting` mean a run is in progress
 * (a reload resumes it); `interrupted` means the user stopped it to add something, and the next task
 * continues it.
 */
export type AgentStatus =
  | 'idle'
  | 'thinking'
  | 'executing'
  | 'navigating'
  | 'waiting'
  | 'interrupted'
  | 'done'
  | 'failed';

export const AGENT_STATUSES: readonly AgentStatus[] = Object.freeze([
  'idle',
  'thinking',
  'executing',
  'navigating',
  'waiting',
  'interrupted',
  'done',
  'failed',
]);

/** The statuses of a run in progress. */
export const RUNNING_STATUSES: readonly AgentStatus[] = Object.freeze(['thinking', 'executing', 'navigating', 'waiting']);

/** What the user had selected when they asked; images are not kept (they would fill the storage). */
export interface TurnSelection {
  text?: string;
  elements?: string[];
}

export interface UserTurn {
  kind: 'user';
  ts: number;
  text: string;
  selection?: TurnSelection;
}

/** One action the agent ran, as the user saw it. */
export interface AgentStepTurn {
  kind: 'agent_step';
  ts: number;
  /** The id of the loop's step record; also listed in `completedSteps` once done. */
  stepId: string;
  tool: string;
  args: JsonObject;
  /** What the agent said before running it. */
  narration?: string;
  ok: boolean;
  /** A short account of the result, e.g. the reason it failed. */
  summary?: string;
}

export interface AgentFinalTurn {
  kind: 'agent_final';
  ts: number;
  text: string;
}

export type AgentTurn = UserTurn | AgentStepTurn | AgentFinalTurn;

/**
 * One conversation with the web agent, as persisted after every step. Everything in it is plain
 * JSON, so it survives a reload or an SPA navigation and can be sent to another tab.
 */
export interface AgentSession {
  id: string;
  /** Counts the writes of this session; a write based on an older count is refused as stale. */
  version: number;
  status: AgentStatus;
  /** The request that started the session; follow-ups are user turns. */
  task: string;
  turns: AgentTurn[];
  /** The loop's own transcript; this module stores it without reading it. */
  transcript: JsonValue;
  /** Actions of the current turn not dispatched yet, in the loop's own form. */
  pendingActions?: JsonValue[];
  /** Ids of the loop's step records already carried out, so a resumed run never repeats one. */
  completedSteps: string[];
  plan?: TaskPlan;
  /** The URL (path and query) the agent was on at the last write. */
  currentPage: string;
  /** Epoch ms. */
  startedAt: number;
  /** Epoch ms of the last write. */
  updatedAt: number;
  /** A value stored for a feature that needs one per session (e.g. the mark of its reminders). */
  mark?: string;
}
