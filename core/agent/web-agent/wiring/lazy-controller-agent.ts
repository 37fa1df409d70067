/**
 * The controller's web agent, loaded on demand. Its code (the loop engine, the page reader and
 * actions, prompts, sessions) is imported on the first task, on `load()`, or when the stored session
 * says a run waits to be resumed. A page that only shows the subtitle bar and the palette never
 * fetches it; in the drop-in it is a chunk of its own.
 */
import { ChunkLoadError, lazyModule } from '../../../util/lazy-module.js';
import type { ContextProvider, ContextProviderHandle, ContextRole } from '../../../page/context/context-providers.js';
import { createSessionId } from '../../session/session-record.js';
import { checkContextProvider } from '../context-roles.js';
import type { AgentRun, AgentRunExport, AgentRunOptions, WebAgent } from '../web-agent.types.js';
import type { ControllerAgent, ControllerAgentOptions } from './controller-agent.js';
import { DeferredRun } from './deferred-run.js';
import { controllerSessionKey, exportStoredSession, hasPendingRun, type StoredSessionSource } from './stored-session.js';

export type ControllerAgentModule = Pick<typeof import('./controller-agent.js'), 'createControllerAgent'>;

export interface LazyControllerAgentOptions extends ControllerAgentOptions {
  /** How the agent's code is imported (default: a dynamic import of `controller-agent.js`). */
  importAgent?: () => Promise<ControllerAgentModule>;
}

export interface LazyControllerAgent {
  /** The agent once its code has loaded and it was created; undefined before. */
  readonly loaded: WebAgent | undefined;
  /** Loads the agent's code and creates the agent (once); rejects with an error naming what failed. */
  load(): Promise<WebAgent>;
  /**
   * Runs `task`. Before the code has loaded, the run returned stands in for the real one and starts
   * it once the code is there; a later task, `stop()` or `dispose()` in between cancels it.
   */
  run(task: string, options: AgentRunOptions): AgentRun;
  stop(): void;
  interrupt(): void;
  setLocale(locale: string): void;
  /** The agent's export; before the code has loaded, the stored session's. */
  exportRun(): AgentRunExport | null;
  /** Loads the agent and resumes its run only when the stored session says one was under way. */
  resumeIfPending(): void;
  /**
   * Replaces one context slot's provider. Before the code has loaded the replacement waits, in order,
   * and is applied as the agent is created, before its first turn; `restore()` works either way.
   */
  registerContextProvider(role: ContextRole, provider: ContextProvider): ContextProviderHandle;
  dispose(): void;
}

interface QueuedProvider {
  role: ContextRole;
  provider: ContextProvider;
  /** The agent's handle, once the replacement was applied. */
  applied?: ContextProviderHandle;
}

const agentModule = lazyModule('the web agent', () => import('./controller-agent.js'));

export function createLazyControllerAgent(options: LazyControllerAgentOptions): LazyControllerAgent {
  const importAgent = options.importAgent ?? (() => agentModule.load());
  const stored: StoredSessionSource = { key: controllerSessionKey(options.id, options.agent), storage: options.agent?.sessionStorage };
  let created: ControllerAgent | undefined;
  let loading: Promise<ControllerAgent> | undefined;
  let disposed = false;
  /** The run handed out before the code loaded and not yet started. */
  let waiting: DeferredRun | undefined;
  /** Context providers registered before the agent existed, oldest first. */
  const queuedProviders: QueuedProvider[] = [];

  const load = (): Promise<ControllerAgent> =>
    (loading ??= importAgent().then(
      (module) => {
        if (disposed) throw new Error('dddk: the controller was destroyed while the web agent loaded');
        try {
          created = module.createControllerAgent(options);
          for (const queued of queuedProviders.splice(0)) queued.applied = created.agent.registerContextProvider(queued.role, queued.provider);
          return created;
        } catch (error) {
          loading = undefined;
          throw error;
        }
      },
      (cause: unknown) => {
        // Not cached, so that the next task tries again.
        loading = undefined;
        const root = cause instanceof ChunkLoadError ? cause.cause : cause;
        const reason = root instanceof Error ? root.message : String(root);
        throw new Error(`dddk: could not load the web agent (${reason}). When using dddk.min.js, serve its chunks/ folder next to it.`, { cause });
      },
    ));

  /** The agent_error event and the subtitle line for a load that failed; `runId` is the run that waited for it. */
  const reportLoadFailure = (error: Error, runId: string | undefined): void => {
    if (disposed || !options.alive()) return;
    if (runId !== undefined) options.sink.emit('agent_error', { runId, error, retrying: false });
    else options.reportError(error, 'agent-load');
    // Addressed to whoever deploys the page: it says which code did not load and how to serve it.
    options.subtitle.show({ text: error.message, type: 'error' });
  };

  const cancelWaiting = (cause: 'user' | 'replaced' | 'interrupt' | 'dispose'): void => {
    const run = waiting;
    waiting = undefined;
    run?.cancel(cause);
  };

  return {
    get loaded() {
      return created?.agent;
    },

    load: () => load().then((agent) => agent.agent),

    run(task, runOptions) {
      // A task still waiting for the code is replaced, even when the code arrived meanwhile.
      cancelWaiting(runOptions.fresh ? 'user' : 'replaced');
      if (created) return created.run(task, runOptions);
      const run = new DeferredRun(`run-${createSessionId().slice(0, 12)}`, task, (stopped) => {
        if (waiting === stopped) cancelWaiting('user');
      });
      waiting = run;
      load()
        .then((agent) => {
          if (waiting !== run) return;
          waiting = undefined;
          agent.run(task, runOptions, run);
        })
        .catch((cause: unknown) => {
          // Cancelled meanwhile, or started: nothing failed for this run.
          if (run.finished || run.followedId !== undefined) return;
          if (waiting === run) waiting = undefined;
          const error = cause instanceof Error ? cause : new Error(String(cause));
          run.fail(error);
          reportLoadFailure(error, run.id);
        });
      return run;
    },

    stop() {
      cancelWaiting('user');
      created?.agent.stop();
    },

    interrupt() {
      cancelWaiting('interrupt');
      created?.agent.interruptForFollowup();
    },

    setLocale(locale) {
      created?.agent.setLocale(locale);
    },

    exportRun() {
      if (disposed) return null;
      return created ? created.exportRun() : exportStoredSession(stored);
    },

    resumeIfPending() {
      if (disposed) return;
      if (created) {
        created.agent.resumeIfPending();
        return;
      }
      if (!hasPendingRun(stored)) return;
      load().then(
        (agent) => {
          if (!disposed) agent.agent.resumeIfPending();
        },
        (error: Error) => reportLoadFailure(error, undefined),
      );
    },

    registerContextProvider(role, provider) {
      checkContextProvider(role, provider, 'dddk.registerContextProvider(role, provider)');
      if (created) return created.agent.registerContextProvider(role, provider);
      const queued: QueuedProvider = { role, provider };
      queuedProviders.push(queued);
      let restored = false;
      return {
        restore() {
          if (restored) return;
          restored = true;
          if (queued.applied) {
            queued.applied.restore();
            return;
          }
          const index = queuedProviders.indexOf(queued);
          if (index >= 0) queuedProviders.splice(index, 1);
        },
      };
    },

    dispose() {
      if (disposed) return;
      disposed = true;
      cancelWaiting('dispose');
      created?.dispose();
    },
  };
}
