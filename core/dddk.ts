import { checkTask, checkWebAgentConfig } from './agent/web-agent/resolve-config.js';
import type { AgentRun, AgentRunExport, WebAgent } from './agent/web-agent/web-agent.types.js';
import type { ControllerAgentConfig } from './agent/web-agent/wiring/controller-agent.js';
import { createLazyControllerAgent } from './agent/web-agent/wiring/lazy-controller-agent.js';
import { checkOnLoopEnd, type OnLoopEnd } from './agent/web-agent/wiring/on-loop-end.js';
import { checkToolOptions } from './agent/web-agent/wiring/tool-options.js';
import { createLLMRouter, isLLMProvider } from './llm/router.js';
import type { ContextProvider, ContextProviderHandle, ContextRole } from './page/context/context-providers.js';
import type { LLMRouter, LLMSource } from './llm/types.js';
import type { RouterBridge } from './page/actions/types.js';
import type { PersonaInput } from './prompts/prompt-context.js';
import { checkRequestContext, type RequestContext } from './palette/context/request-context.js';
import type { AgentRunOptions } from './agent/web-agent/web-agent.types.js';
import type { SitemapConfig } from './sitemap/sitemap.types.js';
import { registerController, setDefaultControllerSlot, peekDefaultController, unregisterController } from './controller-registry.js';
import { describeValue } from './events/describe-value.js';
import { createEventBus, type EventArgs, type EventHandler } from './events/event-bus.js';
import type { DddkEventMap, DddkEventName } from './events/event-map.js';
import { createIntentBuffer } from './events/intent-buffer.js';
import type { CustomTrackIntent, IntentEvent } from './events/intents.js';
import { isPlainObject, toJsonObject } from './events/json.js';
import { controllerPalette } from './palette/controller-palette.js';
import { createSubtitleModel } from './subtitle/subtitle-model.js';
import type { SubtitleModel } from './subtitle/subtitle.types.js';

export interface DddkConfig {
  /** Registers the controller under this id, so elements can name it with `for="id"`. */
  id?: string;
  /** BCP 47 tag for the kit's own strings; defaults to `navigator.language`, else `en`. */
  locale?: string;
  /** A provider, or a router with one provider per role. Absent means offline. */
  llm?: LLMSource;
  /** How many intents `recentIntents()` keeps in memory (default 100). */
  intentBufferSize?: number;
  /** The host router: the agent's `navigate` moves a single-page app through it (it may return a Promise). */
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
  readonly subtitle: SubtitleModel;
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
   * `history`, `selection`); the text it returns is fenced as host context. Works before the agent's
   * code has loaded: the replacement applies from its first turn. `restore()` on the handle undoes it.
   */
  registerContextProvider(role: ContextRole, provider: ContextProvider): ContextProviderHandle;
  /** Hides the subtitle, emits `destroy`, drops every handler and unregisters the controller. */
  destroy(): void;
}

const CONFIG_FIELDS = [
  'id',
  'locale',
  'llm',
  'intentBufferSize',
  'navigate',
  'sitemap',
  'siteName',
  'agentName',
  'persona',
  'agent',
  'onLoopEnd',
] as const;
const DEFAULT_INTENT_BUFFER_SIZE = 100;
const CONTROLLER_BRAND = Symbol.for('dddk.controller');

/** Creates the controller that owns the event bus, the intent stream and the headless models. */
export function createDddk(config: DddkConfig = {}): DddkController {
  const settings = readConfig(config);
  let locale = settings.locale;
  let destroyed = false;

  const bus = createEventBus<DddkEventMap>({
    onHandlerError: (error, name) => reportError(error, `event-handler:${String(name)}`),
  });

  // An error inside an error handler goes to the console, never back to the bus.
  const reportError = (error: unknown, source: string): void => {
    if (!source.endsWith(':error') && bus.listenerCount('error') > 0) bus.emit('error', { error, source });
    else console.error(`dddk: ${source} threw`, error);
  };

  const intents = createIntentBuffer(settings.intentBufferSize);
  const subtitle = createSubtitleModel({ onListenerError: (error) => reportError(error, 'subtitle-listener') });

  const assertAlive = (action: string): void => {
    if (destroyed) throw new Error(`dddk.${action}: this controller was destroyed; create a new one with createDddk()`);
  };

  const webAgent = createLazyControllerAgent({
    ...(settings.id !== undefined ? { id: settings.id } : {}),
    llm: settings.llm,
    ...(settings.navigate ? { navigate: settings.navigate } : {}),
    ...(settings.sitemap !== undefined ? { sitemap: settings.sitemap } : {}),
    ...(settings.siteName !== undefined ? { siteName: settings.siteName } : {}),
    ...(settings.agentName !== undefined ? { agentName: settings.agentName } : {}),
    ...(settings.persona !== undefined ? { persona: settings.persona } : {}),
    ...(settings.agent ? { agent: settings.agent } : {}),
    ...(settings.onLoopEnd ? { onLoopEnd: settings.onLoopEnd } : {}),
    subtitle,
    locale: () => locale,
    sink: { emit: (name, ...args) => controller.emit(name, ...args), recordIntent: (intent) => recordIntent(intent) },
    track: (name, props) => void controller.track(name, props),
    reportError,
    alive: () => !destroyed,
    palette: () => controllerPalette(controller),
  });

  const recordIntent = (intent: IntentEvent): void => {
    assertAlive('recordIntent');
    if (!isPlainObject(intent) || typeof intent.kind !== 'string' || typeof intent.timestamp !== 'number') {
      throw new TypeError(
        `dddk.recordIntent(intent): intent must be an object with a string kind and a numeric timestamp, got ${describeValue(intent)}`,
      );
    }
    intents.push(intent);
    bus.emit('intent', intent);
  };

  const controller: DddkController & { [CONTROLLER_BRAND]: true } = {
    [CONTROLLER_BRAND]: true,
    id: settings.id,
    get locale() {
      return locale;
    },
    llm: settings.llm,
    subtitle,
    navigate: settings.navigate,
    get destroyed() {
      return destroyed;
    },
    on: (name, handler) => bus.on(name, handler),
    off: (name, handler) => bus.off(name, handler),
    emit: (name, ...args) => {
      if (!destroyed) bus.emit(name, ...args);
    },

    track(name, props) {
      assertAlive('track');
      if (typeof name !== 'string' || name.trim() === '') {
        throw new TypeError(`dddk.track(name, props): name must be a non-empty string, got ${describeValue(name)}`);
      }
      const copy = props === undefined ? {} : toJsonObject(props, 'props', 'dddk.track(name, props)');
      const intent: CustomTrackIntent = deepFreeze({ kind: 'custom_track', name, props: copy, timestamp: Date.now() });
      recordIntent(intent);
      return intent;
    },

    recordIntent,
    recentIntents: (limit) => intents.list(limit),

    setLocale(next) {
      assertAlive('setLocale');
      const canonical = canonicalLocale(next, 'dddk.setLocale(locale): locale');
      if (canonical === locale) return;
      const previous = locale;
      locale = canonical;
      webAgent.setLocale(locale);
      bus.emit('locale_change', { locale, previous });
    },

    get agent() {
      assertAlive('agent');
      const loaded = webAgent.loaded;
      if (!loaded) {
        throw new Error("dddk.agent: the web agent's code has not loaded yet; use `await dddk.loadAgent()` (startAgent() loads it too)");
      }
      return loaded;
    },

    loadAgent() {
      if (destroyed) return Promise.reject(new Error('dddk.loadAgent: this controller was destroyed; create a new one with createDddk()'));
      return webAgent.load();
    },

    startAgent(task, options = {}) {
      assertAlive('startAgent');
      const text = checkTask(task, 'dddk.startAgent(task, options)');
      if (options === null || typeof options !== 'object' || (options.fresh !== undefined && typeof options.fresh !== 'boolean')) {
        throw new TypeError(`dddk.startAgent(task, options): options must be { fresh?: boolean } and may carry a context (paletteContext.toContext()), got ${describeValue(options)}`);
      }
      const runOptions: AgentRunOptions = options.fresh ? { fresh: true } : {};
      if (options.context !== undefined) Object.assign(runOptions, runOptionsFor(checkRequestContext(options.context, 'dddk.startAgent(task, options): options.context')));
      return webAgent.run(text, runOptions);
    },

    stopAgent() {
      webAgent.stop();
    },

    interruptAgent() {
      webAgent.interrupt();
    },

    exportAgentRun() {
      assertAlive('exportAgentRun');
      return webAgent.exportRun();
    },

    registerContextProvider(role, provider) {
      assertAlive('registerContextProvider');
      return webAgent.registerContextProvider(role, provider);
    },

    destroy() {
      if (destroyed) return;
      // The run stops, but its session stays as a page unload leaves it: a controller created next
      // (after an SPA remount) continues it.
      webAgent.dispose();
      subtitle.hide();
      bus.emit('destroy');
      destroyed = true;
      bus.clear();
      intents.clear();
      if (settings.id !== undefined) unregisterController(settings.id, controller);
      if (peekDefaultController() === controller) setDefaultControllerSlot(undefined);
    },
  };

  if (settings.id !== undefined) registerController(settings.id, controller);
  // A run that a reload interrupted continues, once the host had the chance to finish setting up.
  // The stored session is read first: the agent's code is loaded only when a run waits for it.
  if (inBrowser()) {
    queueMicrotask(() => {
      if (destroyed) return;
      try {
        webAgent.resumeIfPending();
      } catch (error) {
        reportError(error, 'agent-resume');
      }
    });
  }
  return controller;
}

/** The request's context as the agent takes it: the selection slot's text and elements, the pictures. */
function runOptionsFor(context: RequestContext): Pick<AgentRunOptions, 'selection' | 'images'> {
  const out: Pick<AgentRunOptions, 'selection' | 'images'> = {};
  if (context.selection || context.elements?.length) {
    out.selection = {
      ...(context.selection ? { text: context.selection } : {}),
      ...(context.elements?.length ? { elements: context.elements } : {}),
    };
  }
  if (context.images?.length) out.images = context.images.map((image) => image.url);
  return out;
}

/** Checked without reading `document` or `window`, which only the page layer touches. */
function inBrowser(): boolean {
  return 'document' in globalThis && 'location' in globalThis && 'sessionStorage' in globalThis;
}

/** True for controllers made by `createDddk`, including those of another copy of dddk on the page. */
export function isDddkController(value: unknown): value is DddkController {
  return typeof value === 'object' && value !== null && (value as { [CONTROLLER_BRAND]?: unknown })[CONTROLLER_BRAND] === true;
}

/** The config fields that only the agent reads, passed through as given. */
type AgentSettings = Pick<DddkConfig, 'navigate' | 'sitemap' | 'siteName' | 'agentName' | 'persona' | 'agent' | 'onLoopEnd'>;

interface Settings extends AgentSettings {
  id: string | undefined;
  locale: string;
  llm: LLMSource | undefined;
  intentBufferSize: number;
}

function readConfig(config: unknown): Settings {
  if (!isPlainObject(config)) {
    throw new TypeError(`createDddk(config): config must be a plain object, got ${describeValue(config)}`);
  }
  for (const key of Object.keys(config)) {
    if (!(CONFIG_FIELDS as readonly string[]).includes(key)) {
      throw new TypeError(`createDddk(config): unknown field config.${key}; known fields are ${CONFIG_FIELDS.join(', ')}`);
    }
  }
  const { id, locale, llm, intentBufferSize } = config as DddkConfig;
  if (id !== undefined && (typeof id !== 'string' || id.trim() === '')) {
    throw new TypeError(`createDddk(config): config.id must be a non-empty string, got ${describeValue(id)}`);
  }
  if (
    intentBufferSize !== undefined &&
    (typeof intentBufferSize !== 'number' || !Number.isInteger(intentBufferSize) || intentBufferSize < 0)
  ) {
    throw new TypeError(
      `createDddk(config): config.intentBufferSize must be a non-negative integer, got ${describeValue(intentBufferSize)}`,
    );
  }
  const settings: Settings = {
    id,
    locale: locale === undefined ? environmentLocale() : canonicalLocale(locale, 'createDddk(config): config.locale'),
    llm: llm === undefined ? undefined : checkLlmSource(llm),
    intentBufferSize: intentBufferSize ?? DEFAULT_INTENT_BUFFER_SIZE,
  };
  Object.assign(settings, readAgentConfig(config as DddkConfig));
  return settings;
}

/** The agent's settings, checked now so that a mistake shows at `createDddk`, not at the first run. */
function readAgentConfig(config: DddkConfig): Partial<Settings> {
  const where = 'createDddk(config): config';
  const { navigate, sitemap, siteName, agentName, persona, agent, onLoopEnd } = config;
  const read: Partial<Settings> = {};
  if (navigate !== undefined) {
    if (typeof navigate !== 'function') throw new TypeError(`${where}.navigate must be a function (path) => void | Promise<void> (your router), got ${describeValue(navigate)}`);
    read.navigate = navigate;
  }
  if (sitemap !== undefined) {
    if (typeof sitemap !== 'object' || sitemap === null) throw new TypeError(`${where}.sitemap must be a site map tree { title, children } or a list of { path, description }, got ${describeValue(sitemap)}`);
    read.sitemap = sitemap;
  }
  for (const [name, value] of [['siteName', siteName], ['agentName', agentName]] as const) {
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`${where}.${name} must be a non-empty string, got ${describeValue(value)}`);
    read[name] = value;
  }
  if (persona !== undefined) {
    const valid = (typeof persona === 'string' && persona.trim() !== '') || (isPlainObject(persona) && typeof persona.identity === 'string');
    if (!valid) throw new TypeError(`${where}.persona must be a string or { identity, voice?, constraints? }, got ${describeValue(persona)}`);
    read.persona = persona;
  }
  if (agent !== undefined) {
    checkWebAgentConfig(agent, `${where}.agent`, true);
    for (const field of ['host', 'onEvent'] as const) {
      if ((agent as Record<string, unknown>)[field] !== undefined) {
        throw new TypeError(`${where}.agent.${field} cannot be set: the controller routes the agent through its subtitle bar and events; subscribe with dddk.on('agent_…') instead`);
      }
    }
    // Unknown names in excludeTools or actionOverrides fail here rather than at the first run.
    checkToolOptions(agent, `${where}.agent`);
    read.agent = agent;
  }
  if (onLoopEnd !== undefined) {
    checkOnLoopEnd(onLoopEnd, `${where}.onLoopEnd`);
    read.onLoopEnd = onLoopEnd;
  }
  return read;
}

function environmentLocale(): string {
  const language = (globalThis as { navigator?: { language?: unknown } }).navigator?.language;
  if (typeof language === 'string' && language) {
    try {
      return Intl.getCanonicalLocales(language)[0] ?? 'en';
    } catch {
      // A browser that reports a malformed tag gets the kit's default language.
    }
  }
  return 'en';
}

function canonicalLocale(value: unknown, label: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`${label} must be a BCP 47 language tag such as "en" or "zh-TW", got ${describeValue(value)}`);
  }
  try {
    return Intl.getCanonicalLocales(value.trim())[0] ?? value.trim();
  } catch {
    throw new RangeError(`${label} "${value}" is not a valid BCP 47 language tag (e.g. "en", "zh-TW")`);
  }
}

/** A provider is used as given; a router is checked role by role and kept as a frozen copy. */
function checkLlmSource(value: unknown): LLMSource {
  if (isLLMProvider(value)) return value;
  if (typeof value === 'object' && value !== null && 'webagent' in value) {
    return createLLMRouter(value as LLMRouter, 'config.llm');
  }
  throw new TypeError(
    'createDddk(config): config.llm must be an LLM provider (an object with name, complete() and stream(), e.g. from ' +
      `openAICompatible()) or a router ({ webagent: provider, vision?, utility?, plan?, task? }); got ${describeValue(value)}` +
      missingProviderMembers(value),
  );
}

// Names what a provider-like object lacks, the likeliest mistake when wrapping a custom client.
function missingProviderMembers(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const candidate = value as Partial<Record<'name' | 'complete' | 'stream', unknown>>;
  const missing = [
    typeof candidate.name === 'string' ? '' : 'name',
    typeof candidate.complete === 'function' ? '' : 'complete()',
    typeof candidate.stream === 'function' ? '' : 'stream()',
  ].filter(Boolean);
  return missing.length < 3 ? ` without ${missing.join(', ')}` : '';
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
