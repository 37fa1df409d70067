/**
 * `createWebAgent(config)`: the page narrator and operator. It owns the session store and the tools,
 * starts one run at a time, continues a run a reload interrupted, and lets follow-ups join the
 * session within the continuity rules.
 */
import { resolveLLM } from '../../llm/router.js';
import { createAgentCursor, type AgentCursor } from '../../page/cursor/agent-cursor.js';
import { createSessionId } from '../session/session-record.js';
import { createSessionStore, DEFAULT_SESSION_KEY, type SessionStore } from '../session/session-store.js';
import type { AgentSession } from '../session/session.types.js';
import type { ContextRole } from '../../page/context/context-providers.js';
import { createToolBox } from './agent-tools.js';
import { checkContextProvider } from './context-roles.js';
import { createAgentContextRegistry } from './turn-context.js';
import { WebAgentRun } from './agent-run.js';
import type { RunEnvironment, RunStart } from './run-context.js';
import { browserPage } from '../../page/browser-page.js';
import { checkTask } from './check-config.js';
import { resolveWebAgentConfig } from './resolve-config.js';
import { checkRunImages } from './run-images.js';
import { currentTask, storedCheckpoint } from './session-steps.js';
import { claimSession, releaseSession, sessionClaimedElsewhere } from './session-claims.js';
import type { AgentRunExport, WebAgent, WebAgentConfig } from './web-agent.types.js';

export function createWebAgent(config: WebAgentConfig): WebAgent {
  const where = 'createWebAgent(config): config';
  const resolved = resolveWebAgentConfig(config, where);
  const toolBox = createToolBox(resolved, where);
  const llm = resolveLLM(resolved.llm, 'webagent', 'config.llm');
  const planLLM = resolveLLM(resolved.llm, 'plan', 'config.llm');
  const visionLLM = resolveLLM(resolved.llm, 'vision', 'config.llm');
  const page = resolved.page ?? browserPage({ maxLength: resolved.domMaxLength, ...(resolved.domFilter ? { domFilter: resolved.domFilter } : {}) });
  const context = createAgentContextRegistry();
  // The config's providers lie under any registered later: restoring those brings these back.
  for (const [role, provider] of Object.entries(resolved.contextProviders ?? {})) if (provider) context.replace(role as ContextRole, provider);
  const sessionKey = resolved.sessionStorageKey ?? DEFAULT_SESSION_KEY;
  /** Who holds this page's claim on the session key. */
  const claimToken = {};
  let locale = resolved.locale;
  let store: SessionStore | undefined;
  let cursor: AgentCursor | undefined;
  let current: WebAgentRun | undefined;
  let lastRun: WebAgentRun | undefined;
  let disposed = false;

  // The storage is touched on first use, so that creating an agent costs nothing.
  const sessions = (): SessionStore =>
    (store ??= createSessionStore({
      key: sessionKey,
      ...(resolved.sessionStorage !== undefined ? { storage: resolved.sessionStorage } : {}),
      ...(resolved.sessionContinuityMs !== undefined ? { continuityMs: resolved.sessionContinuityMs } : {}),
      ...(resolved.sessionScope !== undefined ? { scope: resolved.sessionScope } : {}),
      ...(resolved.crossTabSync !== undefined ? { crossTabSync: resolved.crossTabSync } : {}),
      ...(resolved.onSessionEvent ? { onEvent: resolved.onSessionEvent } : {}),
    }));

  const env: RunEnvironment = {
    config: resolved,
    locale: () => locale,
    llm,
    planLLM,
    visionLLM,
    page,
    get store() {
      return sessions();
    },
    toolBox,
    context,
    cursor: () => (resolved.cursor ? (cursor ??= createAgentCursor()) : undefined),
    publish(event) {
      try {
        resolved.onEvent?.(event);
      } catch (error) {
        console.error('dddk: a web agent onEvent handler threw', error);
      }
    },
    now: Date.now,
  };

  const assertAlive = (method: string) => {
    if (disposed) throw new Error(`agent.${method}: this agent was disposed; create a new one with createWebAgent()`);
  };

  const startRun = (start: Omit<RunStart, 'id' | 'onEnd'>): WebAgentRun => {
    claimSession(sessionKey, claimToken);
    const run = new WebAgentRun(env, {
      ...start,
      id: `run-${createSessionId().slice(0, 12)}`,
      onEnd: (ended) => {
        if (current === ended) current = undefined;
        if (!current) releaseSession(sessionKey, claimToken);
      },
    });
    current = run;
    lastRun = run;
    return run;
  };

  const pageLocation = (): string => {
    try {
      return page.location();
    } catch {
      return '';
    }
  };

  const agent: WebAgent = {
    get currentRun() {
      return current;
    },
    get running() {
      return current !== undefined;
    },

    run(task, options = {}) {
      assertAlive('run');
      const text = checkTask(task, 'agent.run(task, options)');
      if (options === null || typeof options !== 'object') throw new TypeError('agent.run(task, options): options must be an object such as { fresh: true }');
      const images = options.images === undefined ? [] : checkRunImages(options.images, 'agent.run(task, options)');
      current?.requestStop(options.fresh ? 'user' : 'replaced');
      const { session, continued } = sessions().begin(text, {
        currentPage: pageLocation(),
        ...(options.fresh ? { fresh: true } : {}),
        ...(options.selection ? { selection: options.selection } : {}),
      });
      return startRun({
        task: text,
        session,
        resumed: false,
        continued,
        ...(options.selection ? { selection: options.selection } : {}),
        ...(images.length > 0 ? { images } : {}),
      });
    },

    resumeIfPending() {
      if (disposed || current) return undefined;
      if (sessionClaimedElsewhere(sessionKey, claimToken)) return undefined;
      const store = sessions();
      const session = store.resumable();
      if (!session) return undefined;
      const checkpoint = storedCheckpoint(session);
      if (checkpoint && checkpoint.mode !== resolved.mode) {
        // Taken in another mode: it cannot be continued, and must not be offered again.
        session.status = 'failed';
        store.save(session);
        return undefined;
      }
      return startRun({ task: currentTask(session), session, resumed: true, continued: true, ...(checkpoint ? { checkpoint } : {}) });
    },

    interruptForFollowup() {
      if (current) current.requestStop('interrupt');
      else if (!disposed) sessions().interruptForFollowup();
    },

    stop() {
      current?.requestStop('user');
    },

    endContinuity() {
      if (!disposed) sessions().endContinuity();
    },

    registerContextProvider(role, provider) {
      assertAlive('registerContextProvider');
      checkContextProvider(role, provider, 'agent.registerContextProvider(role, provider)');
      return context.replace(role, provider);
    },

    registerTool(tool) {
      assertAlive('registerTool');
      return toolBox.register(tool);
    },

    exportRun() {
      if (disposed) return null;
      const session = sessions().current() ?? sessions().load();
      if (!session) return null;
      const exported: AgentRunExport = {
        format: 'dddk.agent-run',
        version: 1,
        exportedAt: Date.now(),
        session: JSON.parse(JSON.stringify(session)) as AgentSession,
      };
      const run = lastRun;
      if (run && run.sessionId === session.id) {
        exported.runId = run.id;
        const outcome = run.result;
        if (outcome) {
          exported.outcome = { reason: outcome.reason, steps: outcome.steps };
          if (outcome.stoppedBy) exported.outcome.stoppedBy = outcome.stoppedBy;
          if (outcome.summary !== undefined) exported.outcome.summary = outcome.summary;
          if (outcome.error) exported.outcome.error = outcome.error.message;
        }
      }
      return exported;
    },

    session() {
      if (disposed) return null;
      return sessions().current() ?? sessions().load();
    },

    setLocale(next) {
      if (typeof next !== 'string' || next.trim() === '') throw new TypeError('agent.setLocale(locale): locale must be a BCP 47 tag such as "en"');
      locale = next.trim();
    },

    dispose() {
      if (disposed) return;
      disposed = true;
      current?.requestStop('dispose');
      current = undefined;
      releaseSession(sessionKey, claimToken);
      store?.dispose();
      cursor?.destroy();
    },
  };
  return agent;
}
