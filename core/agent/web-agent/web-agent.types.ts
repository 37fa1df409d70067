/**
 * The web agent's vocabulary: its configuration, the page and host it works through, the events a
 * run reports and what a run ends with.
 */
import type { DecidedEffect, Effect, EffectPolicyConfig } from '../../effects/effect.types.js';
import type { CallMetrics, LLMSource, ThinkingLevel } from '../../llm/types.js';
import type { LoopEndReason, LoopMode, StepRecord, ToolOutputSource, ToolResult } from '../../loop/types.js';
import type { ActionBundle, ActionOverride } from '../../page/actions/registry.js';
import type { ActionDefinition, ActionFailure, ActionResult, ConfirmRequest, EscalationRequest, RouterBridge } from '../../page/actions/types.js';
import type { GuardedRunOptions } from '../../page/effects/guarded-run.js';
import type { ScreenshotConfig, ScreenshotSkipReason } from '../../page/screenshot/capture-screenshots.js';
import type { BrandPrompt, PersonaInput, SystemPromptOverride } from '../../prompts/prompt-context.js';
import type { PromptRegistry } from '../../prompts/prompt-registry.js';
import type { TaskPlan } from '../../prompts/task-plan.js';
import type { ContextProvider, ContextProviderHandle, ContextRole } from '../../page/context/context-providers.js';
import type { FenceSource } from '../../prompts/text-hooks.js';
import type { SitemapConfig } from '../../sitemap/sitemap.types.js';
import type { SaveResult, SessionStoreEvent } from '../session/session-store.js';
import type { AgentSession, AgentStatus, TurnSelection } from '../session/session.types.js';
import type { StorageAdapter } from '../session/session-store.js';
import type { AgentContextRole } from './context-roles.js';
import type { ContextSkipReason } from './turn-context.js';

/** A host action: a page action, optionally gated or given its own time limit. */
export interface AgentAction extends ActionDefinition<Record<string, unknown>, unknown> {
  /**
   * `true`: always ask the user first; `false`: the action itself never asks; a predicate decides
   * per call. Unset: the effect policy judges it by its name (a host action's effect is the host's to know).
   */
  requireConfirmation?: boolean | ((args: Record<string, unknown>) => boolean | Promise<boolean>);
  /** Overrides `toolTimeoutMs` for this action. */
  timeoutMs?: number;
}

/** A change to one action: a new description or schema, a line added to its description, or new behaviour. */
export interface AgentActionOverride extends ActionOverride {
  /** Added on a new line after the action's own description (ignored when `description` is set). */
  appendDescription?: string;
}

/** What a planner function is given before the run starts. */
export interface PlannerInput {
  task: string;
  /** Path, query and hash of the current page. */
  url: string;
  /** The current page's indexed text, capped at `plannerDomMaxLength`. */
  pageText: string;
  locale: string;
  sitemap?: SitemapConfig;
  signal: AbortSignal;
}

/** Where a fenced text came from: a part of the page prompt, or a tool's output. */
export type AgentFenceSource = FenceSource | ToolOutputSource;

/** One reading of the page, for one turn. */
export interface PageSnapshot {
  /** The indexed text tree the model reads; `[id]` marks what it can operate. */
  text: string;
  /** Path, query and hash of the page read. */
  url: string;
  title?: string;
  truncated?: boolean;
}

export interface PageReadOptions {
  domFilter?: (element: Element) => boolean;
  maxLength: number;
}

export interface SettleOptions {
  /** The page counts as settled after this long without a DOM change. */
  quietMs: number;
  /** Never wait longer than this. */
  maxMs: number;
  signal: AbortSignal;
}

/**
 * The page as the agent sees it. The default reads the live document; a test (or a host with an
 * unusual page) may supply its own.
 */
export interface AgentPage {
  /** Reads the page; later `resolve` and `describe` calls use this reading's ids. */
  read(options: PageReadOptions): PageSnapshot;
  /** The element an action's `target` names, through the latest reading (reading first when there is none). */
  resolve(target: string): Element | ActionFailure | null | undefined;
  /**
   * What a call of a built-in page action would do (the form it submits, the site it leaves for…),
   * judged from the element it names; undefined for a tool the page knows nothing of. A page without
   * this member has its calls judged by their names alone.
   */
  effects?(tool: string, args: Record<string, unknown>, destructivePatterns: readonly RegExp[]): readonly Effect[] | undefined;
  /** The arguments of a call that hold a secret (the value for a password field). */
  secretArgs?(tool: string, args: Record<string, unknown>): readonly string[];
  /** Runs a page action inside the effect guard, which holds what the page does that nobody agreed to. */
  guard?(run: () => Promise<ActionResult>, options: Omit<GuardedRunOptions, 'window'>): Promise<ActionResult>;
  /** Path, query and hash of the current page. */
  location(): string;
  /** Resolves once the page stopped changing (or `maxMs` passed, or `signal` aborted). */
  settle(options: SettleOptions): Promise<void>;
  /** Removes what the agent painted over the page (overlays, the cursor). */
  clear(): void;
  /** A folded block (`⟪f3 folded: …⟫`) of the latest reading in full, its element ids then resolvable; or why not. */
  readText?(id: string): string | ActionFailure;
  /**
   * True while the document is being left for another (a link that loads a new page): the run then
   * starts no model call, since the new page continues it from the stored session.
   */
  isLeaving?(): boolean;
}

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

/**
 * Screenshots attached to each turn. Present and not `enabled: false`: every turn captures the page
 * and sends the pictures with the page text to the `vision` role of `llm`. A capture that is not
 * possible or fails leaves that turn text-only, on the `webagent` role.
 */
export type WebAgentScreenshotConfig = Omit<ScreenshotConfig, 'loadRenderer'>;

/** Which role of `llm` served a model call: `vision` when the turn carried screenshots. */
export type AgentLLMRole = 'webagent' | 'vision';

export interface WebAgentConfig {
  /** A provider, or a router: the loop uses the `webagent` role, the planner the `plan` role. */
  llm: LLMSource;
  /** BCP 47 tag: the prompt's language and the agent's own texts. Default `en`. */
  locale?: string;
  /** `envelope` (default): one streamed `agent_turn` per turn; `classic`: native tool calls. */
  mode?: LoopMode;

  agentName?: string;
  siteName?: string;
  persona?: PersonaInput;
  brand?: BrandPrompt;
  sitemap?: SitemapConfig;
  /** A string replaces the system prompt; a function receives the default and returns the one to use. */
  systemPrompt?: SystemPromptOverride;
  appendSystemPrompt?: string;
  /** The rule texts with the host's overrides; default the kit's shipped prompts. */
  prompts?: PromptRegistry;

  /** Return false to leave an element and its subtree out of the page reading. */
  domFilter?: (element: Element) => boolean;
  /** Characters of page text per turn. Default 12 000. */
  domMaxLength?: number;

  /** Which groups of page actions to offer. Default: all. */
  bundles?: ActionBundle[];
  /** The host's own actions, offered after the page actions. */
  customActions?: AgentAction[];
  /** Per action name: new wording, schema or behaviour. */
  actionOverrides?: Record<string, AgentActionOverride>;
  /** Names of actions not to offer. */
  excludeTools?: string[];
  /** The host router; without it `navigate` uses the history API. */
  navigate?: RouterBridge;
  /** Show a pointer travelling to each element before a pointer action. Default false. */
  cursor?: boolean;
  /** `navigate` clicks a visible link to the destination when there is one. Default false. */
  preferLinkClick?: boolean;

  /** Model turns per run. Default 30. */
  maxSteps?: number;
  /** Consecutive failed turns before the run gives up. Default 3. */
  maxErrors?: number;
  llmTimeoutMs?: number;
  toolTimeoutMs?: number;
  /** First wait before retrying a failed turn (doubling). Default 1000 ms. */
  retryDelayMs?: number;
  /**
   * What the agent may do without asking: a decision per effect class (`submit`, `leave-origin`,
   * `new-window`, `download`, `secret-fill`, `activate`, `host-action`, `destructive` wording), a
   * `decide` function, extra destructive wording. See core/effects/ and the README's Security section.
   */
  effects?: EffectPolicyConfig;
  /**
   * `self` (default): the run goes on by itself and the visitor can stop it at any moment. `visitor`:
   * before each action the visitor sees what comes next and lets it happen (Space) or stops.
   */
  pace?: 'self' | 'visitor';
  thinking?: ThinkingLevel;
  temperature?: number;

  /**
   * Attach screenshots of the page to each turn (html2canvas, loaded on the first capture, or the
   * host's `capture`). Off without this field. Turns with pictures go to the `vision` model.
   */
  screenshot?: WebAgentScreenshotConfig;

  /**
   * Providers for the turn's context slots (`dom`, `url`, `page_summary`, `history`, `selection`),
   * in place of the agent's defaults; `registerContextProvider` adds more later. Their text is fenced
   * as `host-context`. See the README's "Context providers".
   */
  contextProviders?: Partial<Record<AgentContextRole, ContextProvider>>;
  /** How long a turn waits for the context providers before it goes on without the late ones. Default 2000 ms. */
  contextProviderTimeoutMs?: number;

  /** Keep at most this many earlier turns in each prompt. */
  maxTurnsInPrompt?: number;
  /** Drop the oldest turns until the prompt's estimate fits. */
  maxPromptTokens?: number;

  /** Plan the run before it starts: `true` asks the `plan` model; a function makes the plan itself. */
  planner?: boolean | ((input: PlannerInput) => Promise<TaskPlan>);
  /** Narrate the plan's summary before the first turn. Default false. */
  announcePlan?: boolean;
  /** Characters of page text the planner reads. Default 4 000. */
  plannerDomMaxLength?: number;

  /** Default `dddk.webagent.session`. */
  sessionStorageKey?: string;
  /** Follow-ups within this many ms continue the session. Default 0 (each task starts fresh). */
  sessionContinuityMs?: number;
  sessionScope?: 'time' | 'palette';
  crossTabSync?: boolean;
  /** Where sessions are kept. Default the page's sessionStorage. */
  sessionStorage?: StorageAdapter | 'session' | 'local' | 'memory';
  onSessionEvent?: (event: SessionStoreEvent) => void;

  /**
   * Wraps untrusted text (page content, tool output, host context) before the model reads it. Default:
   * the session's fence (`createFence` in `core/marks`), declared in the system prompt.
   */
  fence?: (text: string, source: AgentFenceSource) => string;
  /** Wraps the engine's own notes to the model. Default: a reminder carrying the session's mark, declared in the system prompt. */
  reminder?: (text: string) => string;

  /** How the agent asks, confirms and pauses; the controller supplies it. */
  host?: AgentHost;
  /** Called synchronously with every event of every run, before the run's `events` iterator sees it. */
  onEvent?: (event: AgentEvent) => void;
  /** The page the agent reads and acts on. Default: the live document. */
  page?: AgentPage;
}

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
  | ({ type: 'navigating'; to: string } & StepScoped)
  /** The page moved and its DOM settled. */
  | ({ type: 'navigated'; to: string } & StepScoped)
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
