import type { AgentRun, AgentRunExport, WebAgent } from '../agent/web-agent/web-agent.types.js';
import type { ControllerAgentConfig } from '../agent/web-agent/wiring/controller-agent-config.js';
import type { OnLoopEnd } from '../agent/web-agent/wiring/on-loop-end.js';
import type { EventArgs, EventHandler } from '../events/event-bus.js';
import type { DddkEventMap, DddkEventName } from '../events/event-map.js';
import type { CustomTrackIntent, IntentEvent } from '../events/intents.js';
import type { LLMSource } from '../llm/types.js';
import type { OfflineNoticeConfig } from '../offline-notice/offline-notice.types.js';
import type { RouterBridge } from '../page/actions/types.js';
import type { ContextProvider, ContextProviderHandle, ContextRole } from '../page/context/context-providers.js';
import type { RequestContext } from '../palette/context/request-context.js';
import type { PaletteModel } from '../palette/palette.types.js';
import type { PersonaInput } from '../prompts/prompt-context.js';
import type { SitemapConfig } from '../sitemap/sitemap.types.js';
import type { Memory } from '../memory/create-memory.js';
import type { ControllerMemoryConfig } from '../memory/controller/controller-memory.types.js';
import type { SkillOptions } from '../skills/controller/skill-options.types.js';
import type { SkillOutcome } from '../skills/run/skill-outcome.types.js';
import type { SkillRegistry } from '../skills/skill-registry.js';
import type { Skill } from '../skills/skill.types.js';
import type { AwaitSurfaceOptions } from '../surface/await-surface-options.types.js';
import type { PlacementSlot } from '../surface/placements.js';
import type { SurfaceData } from '../surface/surface-model.js';
import type { SubtitleModel } from '../subtitle/subtitle.types.js';
import type { PlacedSurface } from '../surface/placed-surface.types.js';
import type { Placements } from '../surface/placements.js';
import type { ToolsRegistry } from '../tools/tools.types.js';
import type { ControllerSlots } from './slots.js';

export interface DddkConfig {
  /** Registers the controller under this id, so elements can name it with `for="id"`. */
  id?: string;
  /** BCP 47 tag for the kit's own strings; defaults to `navigator.language`, else `en`. */
  locale?: string;
  /** A provider, or a router with one provider per role. Absent means offline. */
  llm?: LLMSource;
  /** How many intents `recentIntents()` keeps in memory (default 100). */
  intentBufferSize?: number;
  /**
   * The host router: the agent's `navigate` moves a single-page app through it (it may return a
   * Promise). Without it the agent loads the next page as a document, and that page's controller
   * continues the run.
   */
  navigate?: RouterBridge;
  /** The site's pages, for the agent's prompt. */
  sitemap?: SitemapConfig;
  siteName?: string;
  agentName?: string;
  /** Who the agent speaks as, e.g. "You are Acme's support assistant; say 'we' for Acme." */
  persona?: PersonaInput;
  /** The web agent's other settings (its `llm` defaults to this config's `llm`). */
  agent?: ControllerAgentConfig;
  /** What the subtitle bar shows when a run has done its task. Default: "Done." under the answer. */
  onLoopEnd?: OnLoopEnd;
  /**
   * With no `llm` (the agent answers on the offline guide), a `<dddk-offline-notice>` on the page
   * says so, once per visitor session, for `autoHideMs` (default 8000). `false` turns it off.
   * Default `true`.
   */
  offlineNotice?: OfflineNoticeConfig;
  /**
   * The site's skills (core/skills/README.md): tours, prompts, actions, forms and panels, offered in
   * the palette as rows and `/commands`, and to the agent as tools where they say so. Their code loads
   * after the page's first paint; a mistake in one rejects `loadSkills()` (and is reported as an
   * `error` event) with a TypeError naming `config.skills[i]` and the field.
   */
  skills?: readonly Skill[];
  /**
   * Skills written as JSON (a page config's `skills`): prompt, script steps without code, surface
   * with `submitPrompt`. Each is checked as JSON when the skills load (no code, no unknown key: a
   * typo is named with the key it resembles); one that fails is left out and reported as an `error`
   * event from `skills-declared`, and the others still register.
   */
  declaredSkills?: readonly unknown[];
  /**
   * The visitor's memory, kept in their browser (core/memory/README.md): the tiers to turn on (`core`
   * with its profile schema, `episodic`, `drawer`), `privacy` (`requireConsent`, `excludePatterns`)
   * and `store`. Off by default. Checked in full when its code loads (`loadMemory()` rejects naming the field).
   */
  memory?: ControllerMemoryConfig;
  /** Where the skills keep their settings and tour pointer, and what `visible()` knows of the visitor. */
  skillOptions?: SkillOptions;
}

export interface StartAgentOptions {
  /** Start a new conversation instead of continuing the current one. */
  fresh?: boolean;
  /**
   * What goes with the request: the selected text and pinned elements (fenced as untrusted page text
   * in the prompt) and attached images (sent with the first turn to the `vision` role). The palette's
   * context model gives it: `paletteContext.toContext()`.
   */
  context?: RequestContext;
}

export interface DddkController {
  readonly id: string | undefined;
  readonly locale: string;
  readonly llm: LLMSource | undefined;
  /** The subtitle bar's model: every `<dddk-subtitle>` of this controller renders it. */
  readonly subtitle: SubtitleModel;
  /** The palette's model, created on first use: every `<dddk-palette>` of this controller shares it. */
  readonly palette: PaletteModel;
  /** Where transient surfaces are shown (`renderSurface()`), created on first use. */
  readonly placements: Placements<PlacedSurface>;
  /**
   * The host's own tools for the agent (`register`, `unregister`, `list`, `flush`), created on first
   * use. A tool registered before the agent's code has loaded is offered from its first turn; one
   * registered during a run, from the run's next turn.
   */
  readonly tools: ToolsRegistry;
  /**
   * Every capability's one instance per controller (the palette, placements, pinned panels…),
   * created on first use and disposed by `destroy()`.
   */
  readonly slots: ControllerSlots;
  /** The host router from the config (`navigate`), which palette `navigate` actions also use. */
  readonly navigate: RouterBridge | undefined;
  readonly destroyed: boolean;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<Name extends DddkEventName>(name: Name, handler: EventHandler<DddkEventMap[Name]>): () => void;
  off<Name extends DddkEventName>(name: Name, handler: EventHandler<DddkEventMap[Name]>): void;
  emit<Name extends DddkEventName>(name: Name, ...args: EventArgs<DddkEventMap[Name]>): void;
  /** Records a host-defined analytics intent (`custom_track`) and returns it. */
  track(name: string, props?: Record<string, unknown>): CustomTrackIntent;
  /** Feeds an intent of any kind into the intent stream (the buffer and the `intent` event). */
  recordIntent(intent: IntentEvent): void;
  /** The buffered intents, oldest first; `limit` keeps only the newest ones. */
  recentIntents(limit?: number): IntentEvent[];
  setLocale(locale: string): void;
  /**
   * The web agent, once its code has loaded: after the first `startAgent()`, a resumed run, or
   * `loadAgent()`. Its code is loaded on demand (a separate chunk in the drop-in), so reading this
   * before throws an Error that says to `await dddk.loadAgent()`.
   */
  readonly agent: WebAgent;
  /** Loads the web agent's code (once) and resolves to the agent; rejects naming what failed to load. */
  loadAgent(): Promise<WebAgent>;
  /**
   * The site's skills (`register`, `unregister`, `list`, `get`, `match`), once their code has loaded:
   * after `loadSkills()` or a first `runSkill()` (a config with skills loads it on its own). Reading
   * it before throws an Error that says to `await dddk.loadSkills()`.
   */
  readonly skills: SkillRegistry;
  /**
   * The visitor's memory (`remember`, `recall`, `forget`, `forgetAll`, `list`, `profile`) once loaded:
   * with `config.memory` it loads as the controller is made; reading it before throws an Error that
   * says to `await dddk.loadMemory()`.
   */
  readonly memory: Memory;
  /** Loads the memory (once): its code and IndexedDB; rejects when `config.memory` is off or names the field to fix. */
  loadMemory(): Promise<Memory>;
  /** Loads the skills' code (once) and resolves to the registry; rejects naming what failed (a config skill's field, a chunk). */
  loadSkills(): Promise<SkillRegistry>;
  /**
   * Runs a skill by id, or by `/command args…` as typed; `args` by name add to the typed ones. A run
   * that cannot start or fails says why in the subtitle bar; the outcome says it too. Loads the skills first.
   */
  runSkill(idOrCommand: string, args?: Readonly<Record<string, string>>): Promise<SkillOutcome>;
  /** Answers the skill settings form that waits (`{ name: value }`), as if the visitor submitted it; false when none waits. */
  submitPreferences(values: Readonly<Record<string, unknown>>): boolean;
  /**
   * Shows a surface (in `placement`, default `modal`) and resolves with what was submitted, or `null`
   * when it was cancelled (Esc, close, `cancelSurface()`, the signal). The view validates it and
   * shows its problems in place.
   */
  showSurfaceAndAwait(surface: unknown, placement?: PlacementSlot, options?: AwaitSurfaceOptions): Promise<SurfaceData | null>;
  /** Submits the newest surface awaited (`showSurfaceAndAwait`, a skill's form) with `data`; false when none waits. */
  submitSurface(data: SurfaceData): boolean;
  /** Cancels the newest surface awaited; false when none waits. */
  cancelSurface(): boolean;
  /**
   * Runs the agent on `task`, narrating in the subtitle bar. A run under way is interrupted and the
   * new task continues its conversation, unless `fresh`. Throws a TypeError for an empty or overlong task.
   * Before the agent's code has loaded, the run returned starts once it has; if it cannot load, the
   * run ends with reason `error`, an `agent_error` event and a line in the subtitle bar.
   */
  startAgent(task: string, options?: StartAgentOptions): AgentRun;
  /** Stops the run under way, if any. */
  stopAgent(): void;
  /** Stops the run under way and keeps its conversation open for the next task. */
  interruptAgent(): void;
  /** The current agent session as JSON (for a bug report), or null when there is none. */
  exportAgentRun(): AgentRunExport | null;
  /**
   * Replaces the provider of one slot of the agent's per-turn context (`dom`, `url`, `page_summary`,
   * `history`, `selection`, `memory`); the text it returns is fenced as host context (`memory` as memory). Works before the agent's
   * code has loaded: the replacement applies from its first turn. `restore()` on the handle undoes it.
   */
  registerContextProvider(role: ContextRole, provider: ContextProvider): ContextProviderHandle;
  /**
   * Stops the agent, hides the subtitle, emits `destroy`, disposes every slot (the palette, placements,
   * panels…), drops every handler and unregisters the controller.
   */
  destroy(): void;
}

