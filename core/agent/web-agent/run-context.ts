/**
 * What a run of the web agent works with: what every run of one agent shares (`RunEnvironment`), what
 * starts this one (`RunStart`), and what the run's parts (its turns, its host, its plan, its loop
 * options) see of the run itself (`RunContext`).
 */
import type { LLMProvider } from '../../llm/types.js';
import type { LoopCheckpoint } from '../../loop/types.js';
import type { ContextProviderRegistry } from '../../page/context/context-providers.js';
import type { TaskPlan } from '../../prompts/task-plan.js';
import type { SessionStore } from '../session/session-store.js';
import type { AgentSession, AgentStatus, TurnSelection } from '../session/session.types.js';
import type { ToolBindings, ToolBox } from './agent-tools.js';
import type { AgentEvent, AgentStopCause } from './agent-events.types.js';
import type { AgentPage } from './agent-page.types.js';
import type { ResolvedWebAgentConfig } from './resolve-config.js';
import type { RunTextHooks } from './run-provenance.js';
import type { AgentRun } from './web-agent.types.js';

/** What every run of one agent shares. */
export interface RunEnvironment {
  config: ResolvedWebAgentConfig;
  locale(): string;
  /** The `webagent` provider. */
  llm: LLMProvider;
  /** The `vision` provider (the `webagent` one when the router has none): turns with screenshots. */
  visionLLM: LLMProvider;
  /** The `plan` provider. */
  planLLM: LLMProvider;
  page: AgentPage;
  store: SessionStore;
  toolBox: ToolBox;
  /** Who fills each slot of the turn's context. */
  context: ContextProviderRegistry;
  /** The pointer, when `cursor` is on (created on first use). */
  cursor(): ToolBindings['cursor'] & { hide?(): void } | undefined;
  /** Hands an event to the agent's `onEvent`. */
  publish(event: AgentEvent): void;
  now(): number;
}

export interface RunStart {
  id: string;
  task: string;
  session: AgentSession;
  resumed: boolean;
  continued: boolean;
  /** The checkpoint to resume from. */
  checkpoint?: LoopCheckpoint;
  selection?: TurnSelection;
  /** Pictures the user attached to the request: sent with the first turn only. */
  images?: readonly string[];
  /** Called once the run is over, before its `final` event goes out. */
  onEnd(run: AgentRun): void;
}

export type SaveStatus = 'saved' | 'unchanged' | 'stale' | 'failed';

/** The run as its parts see it. */
export interface RunContext {
  readonly id: string;
  readonly task: string;
  readonly resumed: boolean;
  readonly env: RunEnvironment;
  readonly start: RunStart;
  /** Aborts when the run stops. */
  readonly signal: AbortSignal;
  /** The session's mark on the engine's notes, its fence around everything else. */
  readonly textHooks: RunTextHooks;
  /** A text of the model's (a question, a pause's message) as the visitor may see it: without the engine's. */
  visibleText(text: string): string;
  /** Values the model put into secret fields: blanked out of everything the session keeps. */
  readonly secrets: Set<string>;
  /** The plan made before the first turn, if any. */
  readonly plan: TaskPlan | undefined;
  emit(event: AgentEvent): void;
  /** The navigate action's document to load, opened once the run has saved the session. */
  loadAfterSave(url: string): void;
  setStatus(status: AgentStatus): void;
  requestStop(cause: AgentStopCause): void;
  save(): SaveStatus;
}
