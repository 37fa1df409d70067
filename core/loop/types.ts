/**
 * The loop's vocabulary: the tools a policy hands it, what they return, the events a run yields, and
 * the JSON records a policy persists to resume a run after a reload.
 */
import type { DecidedEffect, Effect, EffectPolicyConfig } from '../effects/effect.types.js';
import type { CallMetrics, LLMMessage, LLMProvider, ThinkingBlock, ThinkingLevel, ToolCall, TurnFacts } from '../llm/types.js';
import type { TurnPlanning } from './envelope/types.js';

/** `envelope`: one forced `agent_turn` call per turn, actions run as they close. `classic`: native tool calls. */
export type LoopMode = 'envelope' | 'classic';

/** Why a tool call did not do what it was asked: a code the model reads beside the message. */
export type ToolFailureCode =
  | 'not_found'
  | 'not_visible'
  | 'not_interactive'
  | 'timeout'
  | 'navigation'
  | 'cancelled'
  | 'user_declined'
  /** The effect policy refused the call: it would do something the site does not allow. */
  | 'not_allowed'
  | 'cross_origin'
  | 'auth_required'
  | 'invalid_arguments'
  | 'unknown_tool'
  | 'unknown';

export type ToolResult =
  | {
      ok: true;
      data?: unknown;
      message?: string;
      /**
       * The page is moving to `to`: the loop yields `navigating`, then `navigated` once the consumer
       * pulls again. `newDocument`: another document is loading in the page's place, so the run's
       * page goes away (a consumer that saved the checkpoint continues on the next page).
       */
      navigation?: { to: string; newDocument?: boolean };
    }
  | { ok: false; code: ToolFailureCode; message?: string };

/** What a tool's `run` (and its confirmation predicate) is told about the call. */
export interface ToolContext {
  /** Aborts when the run stops or the call times out; stop work as soon as it does. */
  signal: AbortSignal;
  callId: string;
  /** The turn the call belongs to, from 1. */
  step: number;
  /** The call's position in its turn: the action index in envelope mode, the tool call order in classic mode. */
  actionIndex: number;
  /** Envelope mode: what the model narrates for this action. */
  narrate?: string;
  /** Envelope mode: the element ids the narration points at. */
  about?: string[];
  /** What the gate found the call would do, each with its decision; the ones that asked were approved. */
  effects?: readonly DecidedEffect[];
}

export interface LoopTool<A = Record<string, unknown>> {
  /** Letters, digits, `_` and `-`, at most 64 characters (what every provider accepts). */
  name: string;
  description: string;
  /** A JSON Schema object for the arguments; the loop checks every call against it before running. */
  parameters: Record<string, unknown>;
  /**
   * `true`: always ask the user first. `false`: the tool itself never asks, even when its name reads
   * destructive (what the policy's assessment finds, like a form it would submit, still counts). A
   * predicate decides per call (one that throws asks). Unset: the tool's name and the assessment decide.
   */
  requireConfirmation?: boolean | ((args: A, context: ToolContext) => boolean | Promise<boolean>);
  /** Overrides the loop's `toolTimeoutMs` for this tool. */
  timeoutMs?: number;
  run(args: A, context: ToolContext): Promise<ToolResult>;
}

/** Any tool, whatever its argument type: the loop only ever passes arguments checked against `parameters`. */
export type AnyLoopTool = LoopTool<any>;

/** What `prepareTurn` is given: everything a policy needs to build the prompt of one model call. */
export interface TurnContext {
  step: number;
  mode: LoopMode;
  /** The loop's history so far (read-only): append `transcript.messages` after the policy's own prompt. */
  transcript: Readonly<LoopTranscript>;
  /** The tools offered this turn. */
  tools: readonly AnyLoopTool[];
  signal: AbortSignal;
}

export interface PreparedTurn {
  /** The whole prompt of this model call: system, task, page state, and the transcript's messages. */
  messages: LLMMessage[];
  /**
   * The provider for this model call only, e.g. a vision model for a turn that carries screenshots.
   * Default: the run's `llm`.
   */
  llm?: LLMProvider;
  /**
   * The turn's facts as data (the request, the page, the site map, the earlier turns), passed to the
   * provider with the call as `turn`: the offline guide answers from them; network providers ignore them.
   */
  turn?: TurnFacts;
}

/** Where a fenced text came from. */
export interface ToolOutputSource {
  tool: string;
  callId: string;
}

/**
 * How the loop judges each call before it runs (see core/effects/): what the call would do, the
 * host's policy over such effects, and which arguments are secrets never to be recorded.
 */
export interface EffectGateOptions {
  /**
   * What the call would do. `undefined`: the policy knows nothing of this tool, so its name and
   * `requireConfirmation` decide. An assessment that throws refuses the call.
   */
  assess?: (tool: AnyLoopTool, args: Record<string, unknown>, context: ToolContext) => readonly Effect[] | undefined | Promise<readonly Effect[] | undefined>;
  /**
   * The names of the call's arguments that hold a secret (the value for a password field), asked as
   * soon as the call arrives: the tool gets them, every record and event gets a placeholder.
   */
  secretArgs?: (tool: string, args: Record<string, unknown>) => readonly string[];
  /** Per-class decisions, a decide function, extra destructive wording. */
  policy?: EffectPolicyConfig;
  /** The language of the consent questions. Default English. */
  locale?: () => string;
}

export interface LoopOptions {
  llm: LLMProvider;
  /** Default `envelope`. */
  mode?: LoopMode;
  /** The tools, or a function read at each step boundary (a tool registered mid-run appears at the next step). */
  tools: readonly AnyLoopTool[] | (() => readonly AnyLoopTool[]);
  /** Builds the whole prompt of each model call from the loop's transcript. */
  prepareTurn: (context: TurnContext) => PreparedTurn | Promise<PreparedTurn>;
  /** Model turns per run (resumed turns included). Default 30. */
  maxSteps?: number;
  /** Consecutive failed turns (LLM errors, timeouts, malformed envelopes) before the run gives up. Default 3. */
  maxErrors?: number;
  /** The first wait before retrying a failed turn; it doubles each time, up to 8 s. Default 1000 ms. */
  retryDelayMs?: number;
  /** Longest time one model call may stream. Default 60 000 ms. */
  llmTimeoutMs?: number;
  /** Longest time one tool call may run, unless the tool sets `timeoutMs`. Default 30 000 ms. */
  toolTimeoutMs?: number;
  /** The effect policy every call passes before it runs. */
  effects?: EffectGateOptions;
  /**
   * `self` (default): the run goes on by itself; the user can stop it at any moment. `visitor`: the
   * run waits (`pause`) before each action that does not ask for consent, saying what comes next.
   */
  pace?: 'self' | 'visitor';
  /** Envelope mode: the `agent_turn` variant that edits a plan made beforehand (`todo_adjust`). */
  planned?: boolean;
  /** Stops everything at once: the stream, the running tool, a pending confirm or pause. */
  signal?: AbortSignal;
  thinking?: ThinkingLevel;
  temperature?: number;
  maxTokens?: number;
  /** Wraps every text the loop itself writes for the model (identity by default). */
  reminder?: (text: string) => string;
  /** Wraps every text a tool returned before the model sees it (identity by default). */
  fence?: (text: string, source: ToolOutputSource) => string;
  /** Continue a run from a checkpoint taken from a `step` event. */
  resume?: LoopCheckpoint;
}

/** The envelope's own fields, as far as they arrived. */
export interface EnvelopeFields {
  memory?: string;
  turn_planning?: TurnPlanning;
  todo_adjust?: unknown;
  todos_remaining?: string[];
  is_final?: boolean;
}

/**
 * One action of a turn, from the moment it is known until its result. `running` is recorded before the
 * tool starts, so that a run resumed after a reload never starts it a second time.
 */
export interface ActionRecord {
  kind: 'action';
  step: number;
  actionIndex: number;
  callId: string;
  /** Empty when the model's action could not be read (see `invalid`). */
  tool: string;
  args: Record<string, unknown>;
  narrate?: string;
  about?: string[];
  /** Why the model's action could not be read; such an action never runs. */
  invalid?: string;
  /** Arguments that held a secret: recorded as a placeholder, given only to the tool. */
  secret?: string[];
  status: 'pending' | 'running' | 'done';
  /** Present once `done`; `data` is kept only as far as it survives JSON. */
  result?: ToolResult;
  /** Who wrote `result.message`: the tool (untrusted, fenced) or the loop (a reminder). */
  resultBy?: 'tool' | 'engine';
}

/** A summary of one model turn, written once its actions are over. */
export interface TurnRecord {
  kind: 'turn';
  step: number;
  mode: LoopMode;
  /** Free text the model wrote outside tool calls. */
  text: string;
  /** Envelope mode: the envelope's own fields. */
  envelope?: EnvelopeFields;
  /**
   * `complete`: the answer arrived whole. `broken`: its stream failed after some actions ran. `malformed`:
   * the envelope could not be read. `interrupted`: a reload cut it; the known actions ran on resume.
   */
  ending: 'complete' | 'broken' | 'malformed' | 'interrupted';
  /** The run ends with this turn. */
  final: boolean;
  /** Each action and whether it ran. */
  actions: Array<{ actionIndex: number; tool: string; ran: boolean; ok?: boolean }>;
  metrics?: CallMetrics;
}

export type StepRecord = ActionRecord | TurnRecord;

/** The loop's history, JSON-serializable. */
export interface LoopTranscript {
  /** Model-facing history the loop wrote: each turn's assistant message and the results fed back. */
  messages: LLMMessage[];
  /** Every finished action and turn, in order. */
  records: StepRecord[];
}

/** The turn under way when a checkpoint was taken. */
export interface PendingTurn {
  step: number;
  /** Free text so far. */
  text: string;
  thinkingBlocks?: ThinkingBlock[];
  /** Classic: the model's tool calls. Envelope: the `agent_turn` call, its arguments as far as they arrived. */
  toolCalls: ToolCall[];
  /** The model's answer arrived whole (its stream ended properly). */
  complete: boolean;
  /** The run ends after this turn's actions. */
  final: boolean;
  envelope?: EnvelopeFields;
  /** Model-facing remarks about the envelope (fields of the wrong type, a malformed end). */
  notes: string[];
  /** The action the stream was cut inside of, when it broke. */
  cutAction?: number;
  actions: ActionRecord[];
}

/** Everything needed to continue a run, JSON-serializable. */
export interface LoopCheckpoint {
  version: 1;
  mode: LoopMode;
  /** The last turn that began. */
  step: number;
  transcript: LoopTranscript;
  pendingTurn?: PendingTurn;
}

export type LoopEndReason = 'done' | 'max_steps' | 'stopped' | 'error';

/** Every event carries the turn (`step`) it belongs to. */
export type LoopEvent =
  /** A model call starts. */
  | { type: 'thinking'; step: number }
  | { type: 'thinking-delta'; step: number; text: string }
  /** Free text (classic mode, or text a model writes beside its envelope). */
  | { type: 'text-delta'; step: number; text: string }
  | { type: 'narrate-delta'; step: number; actionIndex: number; text: string }
  | { type: 'narrate-complete'; step: number; actionIndex: number; text: string }
  /** The element ids an action's narration points at. */
  | { type: 'about'; step: number; actionIndex: number; ids: string[] }
  | { type: 'tool-start'; step: number; actionIndex: number; callId: string; name: string; args: Record<string, unknown> }
  /** Every action ends with one `tool-end`, including those that never started (declined, unknown, invalid). */
  | { type: 'tool-end'; step: number; actionIndex: number; callId: string; name: string; result: ToolResult }
  /**
   * The consumer moves the page (if the tool has not) before pulling the next event. With
   * `newDocument` the page is being replaced by another document: nothing more should run on it.
   */
  | { type: 'navigating'; step: number; actionIndex: number; callId: string; to: string; newDocument?: true }
  | { type: 'navigated'; step: number; actionIndex: number; callId: string; to: string; newDocument?: true }
  /** The loop waits for `decide`, before the call runs; a refusal is fed back to the model as `user_declined`. */
  | {
      type: 'confirm';
      step: number;
      actionIndex: number;
      callId: string;
      name: string;
      args: Record<string, unknown>;
      /** What the call would do, in the user's words: "Open example.com in a new tab?". */
      question: string;
      effects: readonly DecidedEffect[];
      decide(approved: boolean): void;
    }
  /** `pace: 'visitor'`: the loop waits for `resume` before the action it names runs. */
  | {
      type: 'pause';
      step: number;
      actionIndex: number;
      callId: string;
      name: string;
      args: Record<string, unknown>;
      narrate?: string;
      /** What the gate found the action would do (all of it allowed). */
      effects: readonly DecidedEffect[];
      resume(): void;
    }
  /** The host's policy function threw while judging a call; the call was refused. */
  | { type: 'policy-error'; step: number; actionIndex: number; name: string; error: Error }
  | { type: 'llm-call'; step: number; metrics: CallMetrics }
  /** Persist `checkpoint` to resume after a reload. */
  | { type: 'step'; step: number; record: StepRecord; checkpoint: LoopCheckpoint }
  | { type: 'error'; step: number; error: Error; retrying: boolean }
  | { type: 'final'; step: number; reason: LoopEndReason; summary?: string; error?: Error; checkpoint: LoopCheckpoint };

export type LoopEventType = LoopEvent['type'];

/** A run: pull its events; `return()` (a `break` out of `for await`) or `stop()` ends it at once. */
export interface LoopRun extends AsyncIterableIterator<LoopEvent> {
  stop(): void;
}
