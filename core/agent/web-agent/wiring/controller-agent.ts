/**
 * The controller's web agent: created with the controller's settings, its LLM (`config.llm`, whose
 * `webagent` role runs the loop; else the offline guide), and the subtitle bar as its voice. Its
 * events become bus events and intents; its narration, questions, pauses and closing line go to the
 * subtitle model. This module is the entry of the agent's lazily loaded code: the controller reaches
 * it only through `lazy-controller-agent.ts`.
 */
import type { LLMSource } from '../../../llm/types.js';
import type { RouterBridge } from '../../../page/actions/types.js';
import type { PersonaInput } from '../../../prompts/prompt-context.js';
import type { SitemapConfig } from '../../../sitemap/sitemap.types.js';
import type { PaletteModel } from '../../../palette/palette.types.js';
import type { SubtitleModel } from '../../../subtitle/subtitle.types.js';
import type { ToolsRegistry } from '../../../tools/tools.types.js';
import { agentStrings } from '../agent.strings.js';
import { lazyOfflineGuide } from '../offline-llm.js';
import { runLocale } from '../run-locale.js';
import { createWebAgent } from '../web-agent.js';
import type { AgentEvent, AgentRun, AgentRunExport, AgentRunOptions, WebAgent, WebAgentConfig } from '../web-agent.types.js';
import { forwardAgentEvent, type AgentBusSink } from './agent-bus.js';
import type { DeferredRun } from './deferred-run.js';
import { showLoopClosure, type OnLoopEnd } from './loop-closure.js';
import { NarrationLines } from './narration-lines.js';
import { offerHostTools } from './host-tools.js';
import { offerPaletteTools } from './palette-tools.js';
import type { ControllerAgentConfig } from './controller-agent-config.js';
import { controllerSessionKey } from './stored-session.js';
import { canPrompt, subtitleHost } from './subtitle-host.js';
import { visitorIntent } from './visitor-boundary.js';

export type { ControllerAgentConfig } from './controller-agent-config.js';

export interface ControllerAgentOptions {
  /** The controller's id: a controller with an id keeps its own session, apart from the page's default one. */
  id?: string;
  llm: LLMSource | undefined;
  navigate?: RouterBridge;
  sitemap?: SitemapConfig;
  siteName?: string;
  agentName?: string;
  persona?: PersonaInput;
  agent?: ControllerAgentConfig;
  onLoopEnd?: OnLoopEnd;
  subtitle: SubtitleModel;
  locale(): string;
  sink: AgentBusSink;
  track(name: string, props: Record<string, unknown>): void;
  reportError(error: unknown, source: string): void;
  /** False once the controller is destroyed: late events are dropped. */
  alive(): boolean;
  /** The controller's palette, whose `agentTool` items the agent is offered as tools. */
  palette?: () => PaletteModel;
  /** The controller's registry of host tools (`dddk.tools`), each offered to the agent as a tool. */
  tools?: () => ToolsRegistry;
}

export interface ControllerAgent {
  readonly agent: WebAgent;
  /**
   * Runs `task`. With `standIn` (the run handed out while this code loaded) the new run's events,
   * on the bus and in the subtitle, carry the stand-in's id, and the stand-in follows it.
   */
  run(task: string, options: AgentRunOptions, standIn?: DeferredRun): AgentRun;
  /** The agent's export, with the stand-in's id for the run it followed. */
  exportRun(): AgentRunExport | null;
  dispose(): void;
}

export function createControllerAgent(options: ControllerAgentOptions): ControllerAgent {
  const { subtitle } = options;
  let requestLocale: string | undefined;
  const strings = () => agentStrings(requestLocale ?? options.locale());
  // The guide labels each of its sentences as offline itself, so the bar says so without help.
  const llm = options.agent?.llm ?? options.llm ?? lazyOfflineGuide(options.locale);
  const lines = new NarrationLines(subtitle);
  let runId = '';
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let closurePrompt = false;
  /** The run handed out before this code loaded, which the real run with that id stands behind. */
  let standIn: { realId: string; run: DeferredRun } | undefined;

  const clearHideTimer = () => {
    clearTimeout(hideTimer);
    hideTimer = undefined;
  };

  const route = (event: AgentEvent) => {
    switch (event.type) {
      case 'start':
        runId = event.runId;
        requestLocale = runLocale(event.task, options.locale());
        clearHideTimer();
        // The visitor can stop the run at any moment: the bar's Stop button, Esc, a double tap.
        subtitle.setTask({ label: strings().stopRun, stop: () => stopRun(event.runId) });
        // A closing question of the previous run is moot now.
        if (closurePrompt && canPrompt(subtitle)) subtitle.cancelPrompt('replaced');
        lines.reset();
        return;
      case 'narrate-delta':
        clearHideTimer();
        lines.delta(`${event.step}:${event.actionIndex}`, event.text);
        return;
      case 'narrate-complete':
        lines.complete(`${event.step}:${event.actionIndex}`, event.text);
        return;
      case 'text-delta':
        clearHideTimer();
        lines.delta(`text:${event.step}`, event.text);
        return;
      case 'final': {
        subtitle.setTask(undefined);
        lines.reset();
        closurePrompt = event.reason === 'done' && (options.onLoopEnd?.kind === 'feedback' || options.onLoopEnd?.kind === 'ask_user');
        const endedRun = event.runId;
        showLoopClosure(event, {
          subtitle,
          strings: strings(),
          onLoopEnd: options.onLoopEnd,
          hideLater: (ms, shown) => {
            clearHideTimer();
            hideTimer = setTimeout(() => {
              if (subtitle.getState() === shown) subtitle.hide();
            }, ms);
          },
          feedback: (answer) => {
            if (options.alive()) sink.recordIntent({ kind: 'agent_feedback', runId: endedRun, ...answer, timestamp: Date.now() });
          },
        })
          .catch((error: unknown) => options.reportError(error, 'agent-closure'))
          .finally(() => {
            if (runId === endedRun) closurePrompt = false;
          });
        return;
      }
      default:
        return;
    }
  };

  // Intents leave for the host's analytics: the engine's text stays behind.
  const sink: AgentBusSink = {
    emit: (name, ...args) => options.sink.emit(name, ...args),
    recordIntent: (intent) => options.sink.recordIntent(visitorIntent(intent)),
  };

  const config: WebAgentConfig = {
    locale: options.locale(),
    ...(options.sitemap !== undefined ? { sitemap: options.sitemap } : {}),
    ...(options.siteName !== undefined ? { siteName: options.siteName } : {}),
    ...(options.agentName !== undefined ? { agentName: options.agentName } : {}),
    ...(options.persona !== undefined ? { persona: options.persona } : {}),
    ...(options.navigate ? { navigate: options.navigate } : {}),
    sessionStorageKey: controllerSessionKey(options.id, options.agent),
    ...options.agent,
    llm,
    host: {
      ...subtitleHost(subtitle, { strings }),
      track: (name, props) => options.track(name, props),
      escalate: (request) => {
        sink.recordIntent({
          kind: 'agent_escalated',
          runId,
          reason: request.reason,
          ...(request.summary ? { context: request.summary } : {}),
          timestamp: Date.now(),
        });
      },
    },
    onEvent(ownEvent) {
      const event = standIn?.realId === ownEvent.runId ? { ...ownEvent, runId: standIn.run.id } : ownEvent;
      // The stand-in reports its events like any run, whether or not the controller still listens.
      if (event !== ownEvent) standIn?.run.relay(event);
      if (!options.alive()) return;
      try {
        route(event);
      } catch (error) {
        options.reportError(error, 'agent-subtitle');
      }
      forwardAgentEvent(event, sink);
    },
  };

  const agent = createWebAgent(config);
  /** Stops the run the bar's task stands for, and only that one. */
  function stopRun(id: string): void {
    if (runId === id && agent.currentRun && !agent.currentRun.finished) agent.stop();
  }
  const palette = options.palette?.();
  const withdrawPaletteTools = palette ? offerPaletteTools(agent, palette, (error) => options.reportError(error, 'palette-agent-tools')) : () => undefined;
  const withdrawHostTools = options.tools ? offerHostTools(agent, options.tools(), (error) => options.reportError(error, 'host-tools')) : () => undefined;
  return {
    agent,
    run(task, runOptions, standInRun) {
      const run = agent.run(task, runOptions);
      // The run's first event comes in a later microtask, so the alias is in place before it.
      if (standInRun) {
        standIn = { realId: run.id, run: standInRun };
        standInRun.follow(run);
        return standInRun;
      }
      return run;
    },
    exportRun() {
      const exported = agent.exportRun();
      if (exported && standIn && exported.runId === standIn.realId) exported.runId = standIn.run.id;
      return exported;
    },
    dispose() {
      clearHideTimer();
      withdrawPaletteTools();
      withdrawHostTools();
      // The run goes with the controller; nothing is left to stop.
      subtitle.setTask(undefined);
      agent.dispose();
    },
  };
}

