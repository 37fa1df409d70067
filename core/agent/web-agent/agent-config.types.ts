/**
 * How a host configures the web agent: the model, the prompt, the page actions it offers and its own,
 * the limits, the effect policy, screenshots, context providers, sessions and the text hooks.
 */
import type { EffectPolicyConfig } from '../../effects/effect.types.js';
import type { LLMSource, ThinkingLevel } from '../../llm/types.js';
import type { LoopMode, ToolOutputSource } from '../../loop/types.js';
import type { ActionBundle, ActionOverride } from '../../page/actions/registry.js';
import type { ActionDefinition, RouterBridge } from '../../page/actions/types.js';
import type { ContextProvider } from '../../page/context/context-providers.js';
import type { ScreenshotConfig } from '../../page/screenshot/capture-screenshots.js';
import type { BrandPrompt, PersonaInput, SystemPromptOverride } from '../../prompts/prompt-context.js';
import type { PromptRegistry } from '../../prompts/prompt-registry.js';
import type { TaskPlan } from '../../prompts/task-plan.js';
import type { FenceSource } from '../../prompts/text-hooks.js';
import type { SitemapConfig } from '../../sitemap/sitemap.types.js';
import type { SessionStoreEvent } from '../session/session-store.js';
import type { StorageAdapter } from '../session/session-store.js';
import type { AgentEvent } from './agent-events.types.js';
import type { AgentHost } from './agent-host.types.js';
import type { AgentPage } from './agent-page.types.js';
import type { AgentContextRole } from './context-roles.js';

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

/**
 * Screenshots attached to each turn. Present and not `enabled: false`: every turn captures the page
 * and sends the pictures with the page text to the `vision` role of `llm`. A capture that is not
 * possible or fails leaves that turn text-only, on the `webagent` role.
 */
export type WebAgentScreenshotConfig = Omit<ScreenshotConfig, 'loadRenderer'>;

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
  /**
   * The host router (a single-page app). Without it, `navigate` loads the destination as a new
   * document and the next page's agent continues the run from the saved session; an anchor on the
   * page only scrolls.
   */
  navigate?: RouterBridge;
  /** Show a pointer travelling to each element before a pointer action. Default false. */
  cursor?: boolean;
  /** `navigate` clicks a visible link to the destination when there is one. Default false. */
  preferLinkClick?: boolean;
  /**
   * How long what the agent pointed at (highlight, border, spotlight) stays once a run has ended, unless
   * the visitor moves on first (a click, a key, Esc, scrolling it far out of view, a new run). Default
   * 6000 ms; 0 clears it as the run ends. A stopped run clears it at once.
   */
  overlayLingerMs?: number;

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
   * Providers for the turn's context slots (`dom`, `url`, `page_summary`, `history`, `selection`, `memory`),
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
