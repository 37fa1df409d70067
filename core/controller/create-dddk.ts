import { checkTask } from '../agent/web-agent/check-config.js';
import type { AgentRunOptions } from '../agent/web-agent/web-agent.types.js';
import { createLazyControllerAgent } from '../agent/web-agent/wiring/lazy-controller-agent.js';
import { describeValue } from '../util/describe-value.js';
import { createEventBus } from '../events/event-bus.js';
import type { DddkEventMap } from '../events/event-map.js';
import { createIntentBuffer } from '../events/intent-buffer.js';
import type { CustomTrackIntent, IntentEvent } from '../events/intents.js';
import { toJsonObject } from '../events/json.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { deepFreeze } from '../util/deep-freeze.js';
import { reportToDebugHook } from '../util/debug-hook.js';
import { checkRequestContext, type RequestContext } from '../palette/context/request-context.js';
import { OFFLINE_NOTICE_SETTINGS } from '../offline-notice/offline-notice-settings.js';
import { controllerPalette } from '../palette/controller-palette.js';
import { createSubtitleModel } from '../subtitle/subtitle-model.js';
import { controllerPlacements } from '../surface/controller-surfaces.js';
import { nameTakenBy } from '../tools/check-host-tool.js';
import { createToolsRegistry, TOOLS } from '../tools/tools-registry.js';
import type { DddkConfig, DddkController } from './controller.types.js';
import { canonicalLocale, readConfig } from './read-config.js';
import { peekDefaultController, registerController, setDefaultControllerSlot, unregisterController } from './registry.js';
import { createMemoryAccess } from './memory-access.js';
import { createSkillsAccess } from './skills-access.js';
import { createSlots } from './slots.js';
import { settleAwaitedSurface, showSurfaceAndAwait } from '../surface/awaited-surfaces.js';

export type { DddkConfig, DddkController, StartAgentOptions } from './controller.types.js';

const CONTROLLER_BRAND = Symbol.for('dddk.controller');

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

  const slots = createSlots({ alive: () => !destroyed, reportError });
  // What the offline notice's view reads to know whether to load at all. Offline means the agent
  // falls back to the guide: no `llm`, neither the controller's nor the agent's own.
  slots.use(OFFLINE_NOTICE_SETTINGS, () => ({
    show: settings.offlineNotice.enabled && (settings.agent?.llm ?? settings.llm) === undefined,
    ...(settings.offlineNotice.autoHideMs === undefined ? {} : { autoHideMs: settings.offlineNotice.autoHideMs }),
  }));
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
    tools: () => controller.tools,
  });
  const customActions = (settings.agent?.customActions ?? []).map((action) => action.name);
  const memory = createMemoryAccess({ controller: () => controller, config: settings.memory, siteName: settings.siteName, reportError });
  const skills = createSkillsAccess({ controller: () => controller, skills: settings.skills, declared: settings.declaredSkills, options: settings.skillOptions, reportError });

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
    get palette() {
      return controllerPalette(controller);
    },
    get placements() {
      return controllerPlacements(controller);
    },
    get tools() {
      return slots.use(TOOLS, () =>
        createToolsRegistry({
          reserved: (name) => nameTakenBy(name, customActions),
          running: () => webAgent.loaded?.running === true,
          on: bus.on,
          onListenerError: (error) => reportError(error, 'tools-listener'),
          onStorageFailure: (failure) => reportError(new Error(failure.message, { cause: failure.error }), 'tools-storage'),
        }),
      );
    },
    slots,
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

    get memory() {
      assertAlive('memory');
      const loaded = memory.loaded;
      if (!loaded) throw new Error(settings.memory ? "dddk.memory: the memory has not loaded yet; use `await dddk.loadMemory()`" : 'dddk.memory: memory is off; turn it on with createDddk({ memory: { core, episodic, drawer } })');
      return loaded;
    },

    loadMemory() {
      if (destroyed) return Promise.reject(new Error('dddk.loadMemory: this controller was destroyed; create a new one with createDddk()'));
      return memory.load();
    },

    get skills() {
      assertAlive('skills');
      const loaded = skills.loaded;
      if (!loaded) throw new Error("dddk.skills: the skills' code has not loaded yet; use `await dddk.loadSkills()` (runSkill() loads it too)");
      return loaded.registry;
    },

    loadSkills() {
      if (destroyed) return Promise.reject(new Error('dddk.loadSkills: this controller was destroyed; create a new one with createDddk()'));
      return skills.load().then((loaded) => loaded.registry);
    },

    runSkill(idOrCommand, args = {}) {
      if (destroyed) return Promise.reject(new Error('dddk.runSkill: this controller was destroyed; create a new one with createDddk()'));
      return skills.load().then((loaded) => loaded.run(idOrCommand, args));
    },

    submitPreferences(values) {
      assertAlive('submitPreferences');
      if (!isPlainObject(values)) throw new TypeError(`dddk.submitPreferences(values): values must be an object of setting values by name, got ${describeValue(values)}`);
      return settleAwaitedSurface(controller, { values: { ...values } }, 'preferences');
    },

    showSurfaceAndAwait(surface, placement, options) {
      if (destroyed) return Promise.reject(new Error('dddk.showSurfaceAndAwait: this controller was destroyed; create a new one with createDddk()'));
      return showSurfaceAndAwait(controller, surface, placement, options);
    },

    submitSurface(data) {
      assertAlive('submitSurface');
      if (!isPlainObject(data)) throw new TypeError(`dddk.submitSurface(data): data must be an object (the form's values), got ${describeValue(data)}`);
      return settleAwaitedSurface(controller, data);
    },

    cancelSurface() {
      return !destroyed && settleAwaitedSurface(controller, null);
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
      slots.disposeAll();
      bus.clear();
      intents.clear();
      if (settings.id !== undefined) unregisterController(settings.id, controller);
      if (peekDefaultController() === controller) setDefaultControllerSlot(undefined);
    },
  };

  if (settings.id !== undefined) registerController(settings.id, controller);
  // The agent's memory slot is there from the first turn, and the memory starts loading now.
  memory.start();
  reportToDebugHook('controller', controller);
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
      skills.loadIfWanted();
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
