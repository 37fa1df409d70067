/**
 * The controller's web agent: created on first use with the controller's settings, its LLM
 * (`config.llm`, whose `webagent` role runs the loop; else the offline guide), and the subtitle bar
 * as its voice. Its events become bus events and intents; its narration, questions, pauses and
 * closing line go to the subtitle model.
 */
import type { LLMSource } from '../../../llm/types.js';
import type { RouterBridge } from '../../../page/actions/types.js';
import type { PersonaInput } from '../../../prompts/prompt-context.js';
import type { SitemapConfig } from '../../../sitemap/sitemap.types.js';
import type { SubtitleModel } from '../../../subtitle/subtitle.types.js';
import { DEFAULT_SESSION_KEY } from '../../session/session-store.js';
import { agentStrings } from '../agent.strings.js';
import { lazyOfflineGuide } from '../offline-llm.js';
import { createWebAgent } from '../web-agent.js';
import type { AgentEvent, WebAgent, WebAgentConfig } from '../web-agent.types.js';
import { forwardAgentEvent, type AgentBusSink } from './agent-bus.js';
import { showLoopClosure, type OnLoopEnd } from './loop-closure.js';
import { NarrationLines } from './narration-lines.js';
import { canPrompt, subtitleHost } from './subtitle-host.js';

/** The part of the web agent's configuration a controller's `agent` field may set. */
export type ControllerAgentConfig = Partial<Omit<WebAgentConfig, 'host' | 'onEvent'>>;

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
}

export interface ControllerAgent {
  readonly agent: WebAgent;
  dispose(): void;
}

export function createControllerAgent(options: ControllerAgentOptions): ControllerAgent {
  const { subtitle } = options;
  const strings = () => agentStrings(options.locale());
  // The guide labels each of its sentences as offline itself, so the bar says so without help.
  const llm = options.agent?.llm ?? options.llm ?? lazyOfflineGuide(options.locale);
  const lines = new NarrationLines(subtitle);
  let runId = '';
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let closurePrompt = false;

  const clearHideTimer = () => {
    clearTimeout(hideTimer);
    hideTimer = undefined;
  };

  const route = (event: AgentEvent) => {
    switch (event.type) {
      case 'start':
        runId = event.runId;
        clearHideTimer();
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
            if (options.alive()) options.sink.recordIntent({ kind: 'agent_feedback', runId: endedRun, ...answer, timestamp: Date.now() });
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

  const config: WebAgentConfig = {
    locale: options.locale(),
    ...(options.sitemap !== undefined ? { sitemap: options.sitemap } : {}),
    ...(options.siteName !== undefined ? { siteName: options.siteName } : {}),
    ...(options.agentName !== undefined ? { agentName: options.agentName } : {}),
    ...(options.persona !== undefined ? { persona: options.persona } : {}),
    ...(options.navigate ? { navigate: options.navigate } : {}),
    ...(options.id !== undefined ? { sessionStorageKey: `${DEFAULT_SESSION_KEY}.${options.id}` } : {}),
    ...options.agent,
    llm,
    host: {
      ...subtitleHost(subtitle, { strings }),
      track: (name, props) => options.track(name, props),
      escalate: (request) => {
        options.sink.recordIntent({
          kind: 'agent_escalated',
          runId,
          reason: request.reason,
          ...(request.summary ? { context: request.summary } : {}),
          timestamp: Date.now(),
        });
      },
    },
    onEvent(event) {
      if (!options.alive()) return;
      try {
        route(event);
      } catch (error) {
        options.reportError(error, 'agent-subtitle');
      }
      forwardAgentEvent(event, options.sink);
    },
  };

  const agent = createWebAgent(config);
  return {
    agent,
    dispose() {
      clearHideTimer();
      agent.dispose();
    },
  };
}

