/**
 * One run of the web agent: the policy over `runLoop`. Each turn it reads the page, builds the
 * prompt and offers the page actions; it answers the loop's gates and pauses through the host,
 * waits for the page to settle after a navigation, and writes the session after every step so that
 * a reload continues the run at its next step.
 */
import { consentStrings } from '../../effects/consent.strings.js';
import { consentQuestion } from '../../effects/consent-question.js';
import { decideEffects } from '../../effects/effect-policy.js';
import type { DecidedEffect } from '../../effects/effect.types.js';
import { deferred, RunStopped, untilAborted } from '../../loop/abortable.js';
import { runLoop } from '../../loop/run-loop.js';
import { scrubSecrets, secretValues } from '../../loop/secret-args.js';
import type { LLMProvider, SitemapPageFacts } from '../../llm/types.js';
import type { LoopCheckpoint, LoopEvent, LoopOptions, PreparedTurn, TurnContext } from '../../loop/types.js';
import type { ContextProviderRegistry } from '../../page/context/context-providers.js';
import type { PromptTextHooks } from '../../prompts/text-hooks.js';
import type { TaskPlan } from '../../prompts/task-plan.js';
import type { SessionStore } from '../session/session-store.js';
import type { AgentSession, TurnSelection } from '../session/session.types.js';
import { agentStrings, humanToolName } from './agent.strings.js';
import { toLoopTools, type ToolBindings, type ToolBox } from './agent-tools.js';
import { EventChannel } from './event-channel.js';
import { makePlan } from './make-plan.js';
import { isOfflineGuide } from './offline-llm.js';
import { currentTodos, formatTodos } from './plan-todos.js';
import type { ResolvedWebAgentConfig } from './resolve-config.js';
import { earlierHistory, recordLoopStep } from './session-steps.js';
import { runTextHooks, withDeclaration, type RunTextHooks } from './run-provenance.js';
import { buildTurnMessages, systemPromptFor } from './turn-prompt.js';
import { buildTurnFacts, sitemapFacts } from './turn-facts.js';
import { captureTurnScreenshots } from './turn-screenshots.js';
import { CONTEXT_PROVIDER_TIMEOUT_MS, readTurnContext, type TurnContextSlots } from './turn-context.js';
import type {
  AgentEvent,
  AgentLLMRole,
  AgentOutcome,
  AgentPage,
  AgentPauseRequest,
  AgentRun,
  AgentStopCause,
  PageSnapshot,
  SettleOptions,
} from './web-agent.types.js';

/** After a navigation: the router's render and the data it fetches. */
const NAVIGATION_SETTLE = { quietMs: 150, maxMs: 2_500 };
/** Before a turn that follows actions: what a click or a fill set in motion. */
const ACTION_SETTLE = { quietMs: 60, maxMs: 800 };
/** How long a run waits for a page that is being left to go; a navigation that was called off lets it go on. */
const LEAVING_WAIT_MS = 8_000;
const LEAVING_POLL_MS = 100;

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
  onEnd(run: WebAgentRun): void;
}

type LoopFinal = Extract<LoopEvent, { type: 'final' }>;

export class WebAgentRun implements AgentRun {
  readonly id: string;
  readonly task: string;
  readonly resumed: boolean;
  readonly events = new EventChannel<AgentEvent>();
  readonly done: Promise<AgentOutcome>;
  private readonly resolveDone: (outcome: AgentOutcome) => void;
  private readonly controller = new AbortController();
  private readonly signal = this.controller.signal;
  private stopCause: AgentStopCause | undefined;
  /** Once stopped, the session belongs to whatever comes next: this run writes it no more. */
  private detached = false;
  private isFinished = false;
  private outcome: AgentOutcome | undefined;
  private plan: TaskPlan | undefined;
  private system: { locale: string; text: string } | undefined;
  /** The site map's pages, for the turn's facts. */
  private sitemap: SitemapPageFacts[] | undefined;
  /** Values the model put into secret fields: blanked out of everything the session keeps. */
  private readonly secrets = new Set<string>();
  private turnsPrepared = 0;
  /** The step of the run's first model call: the one that carries the user's pictures. */
  private firstStep: number | undefined;
  /** The role of the provider the last prepared turn went to; its `llm-call` event says so. */
  private turnRole: AgentLLMRole = 'webagent';
  private noteForNextTurn: string | undefined;
  private reportedError: Error | undefined;
  /** The session's mark on the engine's notes, its fence around everything else. */
  private readonly textHooks: RunTextHooks;

  constructor(
    private readonly env: RunEnvironment,
    private readonly start: RunStart,
  ) {
    this.id = start.id;
    this.task = start.task;
    this.resumed = start.resumed;
    const done = deferred<AgentOutcome>();
    this.done = done.promise;
    this.resolveDone = done.resolve;
    this.textHooks = runTextHooks(env.config, start.session);
    if (start.resumed) this.noteForNextTurn = agentStrings(env.locale()).resumedNote;
    // The caller gets the run before its first event.
    queueMicrotask(() => void this.pump());
  }

  get finished(): boolean {
    return this.isFinished;
  }

  get sessionId(): string {
    return this.start.session.id;
  }

  get result(): AgentOutcome | undefined {
    return this.outcome;
  }

  stop(): void {
    this.requestStop('user');
  }

  /**
   * Stops the run. The session's status is written at once (except on `dispose`, which leaves it as a
   * page unload would), so that a task started right after sees it.
   */
  requestStop(cause: AgentStopCause): void {
    if (this.isFinished || this.stopCause) return;
    this.stopCause = cause;
    if (cause !== 'dispose') {
      this.start.session.status = cause === 'interrupt' || cause === 'replaced' ? 'interrupted' : 'idle';
      this.save();
    }
    this.detached = true;
    this.controller.abort(new RunStopped());
  }

  private async pump(): Promise<void> {
    const { session } = this.start;
    let final: LoopFinal | undefined;
    let failure: unknown;
    try {
      this.emit({ type: 'start', runId: this.id, task: this.task, sessionId: session.id, resumed: this.resumed, continued: this.start.continued });
      if (this.resumed) this.plan = session.plan;
      else await this.preparePlan();
      for await (const event of runLoop(this.loopOptions())) {
        if (event.type === 'final') final = event;
        else await this.handle(event);
      }
    } catch (error) {
      failure = error;
    }
    this.finish(final, failure);
  }

  private loopOptions(): LoopOptions {
    const { config, page, toolBox } = this.env;
    const bindings: ToolBindings = {
      page,
      host: config.host ?? {},
      preferLinkClick: config.preferLinkClick === true,
      runSignal: this.signal,
      pause: async (request) => {
        if ((await this.askPause(request)) === 'stop') {
          this.requestStop('pause');
          throw new Error('The user stopped the run at the pause.');
        }
      },
      decideEffects: (effects) => decideEffects(effects, config.policy),
      question: (verdict) => consentQuestion(verdict.effects, this.env.locale()),
      destructivePatterns: config.policy.destructivePatterns,
      confirmed: (answer) => this.emit({ type: 'confirm', runId: this.id, ...answer }),
    };
    if (config.navigate) bindings.navigate = config.navigate;
    const cursor = this.env.cursor();
    if (cursor) bindings.cursor = cursor;

    const options: LoopOptions = {
      llm: this.env.llm,
      mode: config.mode,
      tools: () => toLoopTools(toolBox.actions(), bindings),
      prepareTurn: (context) => this.prepareTurn(context),
      effects: {
        assess: (tool, args) => page.effects?.(tool.name, args, config.policy.destructivePatterns),
        secretArgs: (tool, args) => {
          const names = page.secretArgs?.(tool, args) ?? [];
          for (const value of secretValues(args, names)) this.secrets.add(value);
          return names;
        },
        ...(config.effects ? { policy: config.effects } : {}),
        locale: () => this.env.locale(),
      },
      pace: config.pace,
      planned: this.plan !== undefined && config.mode === 'envelope',
      signal: this.signal,
    };
    for (const field of ['maxSteps', 'maxErrors', 'retryDelayMs', 'llmTimeoutMs', 'toolTimeoutMs', 'thinking', 'temperature'] as const) {
      if (config[field] !== undefined) (options as unknown as Record<string, unknown>)[field] = config[field];
    }
    options.reminder = this.textHooks.reminder;
    options.fence = this.textHooks.fence;
    if (this.start.checkpoint) options.resume = this.start.checkpoint;
    return options;
  }

  private async prepareTurn(context: TurnContext): Promise<PreparedTurn> {
    const { config, page } = this.env;
    // A resumed page has just loaded; a later turn follows actions whose effects may still be landing.
    if (this.turnsPrepared > 0 || this.resumed) await this.settle(ACTION_SETTLE);
    await this.untilStaying();
    this.turnsPrepared += 1;
    const snapshot = page.read({ maxLength: config.domMaxLength, ...(config.domFilter ? { domFilter: config.domFilter } : {}) });
    const session = this.start.session;
    session.currentPage = snapshot.url;
    const locale = this.env.locale();
    if (this.system?.locale !== locale) this.system = { locale, text: withDeclaration(systemPromptFor(config, locale), this.textHooks.declaration) };
    // The reading above happens whoever fills the `dom` slot: the actions' targets resolve through it.
    const [slots, images] = await Promise.all([this.contextSlots(snapshot, context), this.screenshots(context.step)]);
    const attachments = this.attachmentsForTurn(context.step);
    const note = this.noteForNextTurn;
    this.noteForNextTurn = undefined;
    // A value the model put into a secret field is blanked wherever the page still shows it.
    const pageForPrompt = { ...snapshot, text: scrubSecrets(slots.pageText, this.secrets), url: slots.url };
    const messages = buildTurnMessages({
      system: this.system.text,
      task: this.task,
      page: pageForPrompt,
      transcript: context.transcript.messages,
      locale,
      history: earlierHistory(session),
      ...(this.plan ? { todos: formatTodos(currentTodos(this.plan, context.transcript.records)) } : {}),
      ...(slots.selection ? { selection: slots.selection } : {}),
      ...(slots.pageSummary ? { pageSummary: slots.pageSummary } : {}),
      ...(slots.recentPages ? { recentPages: slots.recentPages } : {}),
      ...(slots.fromHost.size > 0 ? { hostSlots: slots.fromHost } : {}),
      ...(note ? { stepNote: note } : {}),
      hooks: this.promptHooks(),
      ...(config.maxTurnsInPrompt !== undefined ? { maxTurnsInPrompt: config.maxTurnsInPrompt } : {}),
      ...(config.maxPromptTokens !== undefined ? { maxPromptTokens: config.maxPromptTokens } : {}),
      ...(images.length > 0 ? { images, imagesNote: agentStrings(locale).screenshotsNote(images.length, config.screenshot?.mode === 'full-page') } : {}),
      ...(attachments.length > 0 ? { attachments, attachmentsNote: agentStrings(locale).attachmentsNote(attachments.length) } : {}),
    });
    // Only the pictures call for the vision model; they live in this prompt alone, never in the
    // transcript or the session, so the next turn starts from fresh ones.
    this.turnRole = images.length > 0 || attachments.length > 0 ? 'vision' : 'webagent';
    this.sitemap ??= sitemapFacts(config.sitemap);
    const turn = buildTurnFacts({ task: this.task, locale, page: pageForPrompt, sitemap: this.sitemap, records: context.transcript.records });
    return { messages, llm: this.turnRole === 'vision' ? this.env.visionLLM : this.env.llm, turn };
  }

  /** This turn's context slots, from the agent's providers; a provider that fails is reported and left out. */
  private contextSlots(reading: PageSnapshot, context: TurnContext): Promise<TurnContextSlots> {
    const { config } = this.env;
    return readTurnContext(this.env.context, { reading, ...(this.start.selection ? { selection: this.start.selection } : {}) }, {
      task: this.task,
      signal: context.signal,
      timeoutMs: config.contextProviderTimeoutMs ?? CONTEXT_PROVIDER_TIMEOUT_MS,
      domMaxLength: config.domMaxLength,
      onSkip: (skip) => this.emit({ type: 'context-skipped', runId: this.id, step: context.step, ...skip }),
    });
  }

  /**
   * The user's pictures go with the request in the first step of a new run (and its retries, which
   * the loop prepares again with the same step); the model's reading of them carries on in the
   * transcript. The offline guide reads no images.
   */
  private attachmentsForTurn(step: number): readonly string[] {
    this.firstStep ??= step;
    const images = this.start.images ?? [];
    if (images.length === 0 || this.resumed || step !== this.firstStep || isOfflineGuide(this.env.visionLLM)) return [];
    return images;
  }

  /** This turn's screenshots, when they are on; none when the capture was not possible. */
  private async screenshots(step: number): Promise<readonly string[]> {
    const screenshot = this.env.config.screenshot;
    if (!screenshot || screenshot.enabled === false) return [];
    const outcome = await captureTurnScreenshots(screenshot, this.env.visionLLM, this.signal);
    this.emit({ type: 'screenshot', runId: this.id, step, images: outcome.images.length, ...(outcome.skipped ? { skipped: outcome.skipped } : {}) });
    return outcome.images;
  }

  private promptHooks(): PromptTextHooks {
    return { fence: this.textHooks.fence, reminder: this.textHooks.reminder };
  }

  private async preparePlan(): Promise<void> {
    const { config, page } = this.env;
    const session = this.start.session;
    // A plan belongs to the task it was made for; a follow-up gets its own or none.
    delete session.plan;
    if (!config.planner) return;
    try {
      const snapshot = page.read({ maxLength: config.plannerDomMaxLength, ...(config.domFilter ? { domFilter: config.domFilter } : {}) });
      const plan = await untilAborted(
        this.signal,
        makePlan({ config, locale: this.env.locale(), llm: this.env.planLLM, task: this.task, page: snapshot, signal: this.signal, textHooks: this.textHooks }),
      );
      this.plan = plan;
      session.plan = plan;
      this.save();
      this.emit({ type: 'plan', runId: this.id, plan });
      if (config.announcePlan) await this.announce(plan.task_summary);
    } catch (error) {
      if (this.signal.aborted) return;
      this.emit({ type: 'plan-failed', runId: this.id, error: asError(error) });
    }
  }

  /** The plan's summary, narrated before the first turn like an action's narration (step 0). */
  private async announce(text: string): Promise<void> {
    const where = { runId: this.id, step: 0, actionIndex: 0 };
    this.emit({ type: 'narrate-delta', ...where, text });
    this.emit({ type: 'narrate-complete', ...where, text });
    // A visitor-paced run lets the visitor read the plan before the first step.
    if (this.env.config.pace === 'visitor' && (await this.askPause({ cause: 'step', message: text, step: 0, actionIndex: 0 })) === 'stop') {
      this.requestStop('pause');
    }
  }

  private async handle(event: Exclude<LoopEvent, LoopFinal>): Promise<void> {
    const session = this.start.session;
    const runId = this.id;
    switch (event.type) {
      case 'thinking':
        this.setStatus('thinking');
        this.emit({ type: 'thinking', runId, step: event.step });
        return;
      case 'text-delta':
      case 'narrate-delta':
      case 'narrate-complete':
      case 'about':
        this.emit({ ...event, runId } as AgentEvent);
        return;
      case 'llm-call':
        this.emit({ type: 'llm-call', runId, step: event.step, metrics: event.metrics, role: this.turnRole });
        return;
      case 'error':
        this.reportedError = event.error;
        this.emit({ type: 'error', runId, step: event.step, error: event.error, retrying: event.retrying });
        return;
      case 'tool-start':
        this.setStatus('executing');
        this.emit({ ...event, runId });
        return;
      case 'tool-end':
        this.emit({ ...event, runId });
        return;
      case 'step': {
        if (this.detached) return;
        recordLoopStep(session, event.record, event.checkpoint, this.env.now());
        const status = this.save();
        this.emit({ type: 'saved', runId, step: event.step, record: event.record, status, sessionStatus: session.status });
        return;
      }
      case 'confirm': {
        const approved = await this.confirm(event);
        const { decide: _decide, type: _type, ...rest } = event;
        if (!this.signal.aborted) this.emit({ type: 'confirm', ...rest, runId, approved });
        this.setStatus('executing');
        event.decide(approved);
        return;
      }
      case 'pause': {
        const message = this.nextStepText(event.name, event.narrate, event.effects);
        const decision = await this.askPause({ cause: 'step', message, step: event.step, actionIndex: event.actionIndex });
        if (decision === 'continue') event.resume();
        else this.requestStop('pause');
        return;
      }
      case 'policy-error':
        this.emit({ type: 'policy-error', runId, step: event.step, actionIndex: event.actionIndex, name: event.name, error: event.error });
        return;
      case 'navigating': {
        this.setStatus('navigating');
        if (!this.detached) this.save();
        this.emit({ type: 'navigating', runId, step: event.step, to: event.to });
        this.noteForNextTurn = agentStrings(this.env.locale()).navigatedNote(routeOf(event.to));
        await this.settle(NAVIGATION_SETTLE);
        session.currentPage = this.env.page.location();
        return;
      }
      case 'navigated':
        this.setStatus('thinking');
        this.emit({ type: 'navigated', runId, step: event.step, to: event.to });
        return;
    }
  }

  /** What a visitor-paced run says before its next action: the model's narration, else the action in plain words. */
  private nextStepText(tool: string, narrate: string | undefined, effects: readonly DecidedEffect[]): string {
    const strings = agentStrings(this.env.locale());
    if (narrate) return strings.nextStep(narrate);
    const subject = effects.find((effect) => effect.subject)?.subject;
    const action = humanToolName(tool);
    return strings.nextStep(subject ? `${action} ${consentStrings(this.env.locale()).subject(subject)}` : action);
  }

  private async confirm(event: Extract<LoopEvent, { type: 'confirm' }>): Promise<boolean> {
    const host = this.env.config.host;
    // With nobody to ask, an action that needs consent does not run.
    if (!host?.confirm) return false;
    this.setStatus('waiting');
    const subject = event.effects.find((effect) => effect.subject)?.subject;
    const request = {
      action: event.name,
      subject: subject ? consentStrings(this.env.locale()).subject(subject) : humanToolName(event.name),
      message: event.question || agentStrings(this.env.locale()).confirmAction(humanToolName(event.name), undefined),
    };
    try {
      return (await untilAborted(this.signal, Promise.resolve(host.confirm(request, { signal: this.signal })))) === true;
    } catch {
      return false;
    }
  }

  /** Asks the host whether to go on; without a pause handler the run goes on at once. */
  private async askPause(request: AgentPauseRequest): Promise<'continue' | 'stop'> {
    const host = this.env.config.host;
    if (!host?.pause) return 'continue';
    this.setStatus('waiting');
    let decision: 'continue' | 'stop';
    try {
      decision = (await untilAborted(this.signal, Promise.resolve(host.pause(request, { signal: this.signal })))) === 'stop' ? 'stop' : 'continue';
    } catch {
      decision = this.signal.aborted ? 'stop' : 'continue';
    }
    if (!this.signal.aborted) this.emit({ type: 'pause', runId: this.id, step: request.step, actionIndex: request.actionIndex, cause: request.cause, decision });
    this.setStatus('executing');
    return decision;
  }

  private async settle(limits: Pick<SettleOptions, 'quietMs' | 'maxMs'>): Promise<void> {
    try {
      await untilAborted(this.signal, Promise.resolve(this.env.page.settle({ ...limits, signal: this.signal })));
    } catch (error) {
      if (error instanceof RunStopped) throw error;
      // A page that cannot tell when it settled is read as it is.
    }
  }

  /**
   * A link that loads another document is under way: a model call now would be cut by the unload and
   * its answer lost, while the next page continues the run from the session. So wait for the unload.
   */
  private async untilStaying(): Promise<void> {
    const page = this.env.page;
    for (let waited = 0; page.isLeaving?.() && waited < LEAVING_WAIT_MS; waited += LEAVING_POLL_MS) {
      await untilAborted(this.signal, new Promise((resolve) => setTimeout(resolve, LEAVING_POLL_MS)));
    }
  }

  private finish(final: LoopFinal | undefined, failure: unknown): void {
    const session = this.start.session;
    const reason = this.stopCause ? 'stopped' : (final?.reason ?? 'error');
    const outcome: AgentOutcome = { runId: this.id, sessionId: session.id, reason, steps: final?.step ?? 0 };
    if (this.stopCause) outcome.stoppedBy = this.stopCause;
    if (final?.summary !== undefined) outcome.summary = final.summary;
    const error = final?.error ?? (failure === undefined ? undefined : asError(failure));
    if (error && reason === 'error') outcome.error = error;
    if (!this.detached) {
      if (final) session.transcript = final.checkpoint as unknown as AgentSession['transcript'];
      if (reason === 'done' && outcome.summary) session.turns.push({ kind: 'agent_final', ts: this.env.now(), text: outcome.summary });
      session.status = reason === 'done' ? 'done' : reason === 'stopped' ? 'idle' : 'failed';
      this.save();
    }
    this.outcome = outcome;
    this.isFinished = true;
    this.start.onEnd(this);
    try {
      this.env.page.clear();
      this.env.cursor()?.hide?.();
    } catch {
      // Cleaning the page must not keep the run from ending.
    }
    // An error the loop did not report as an event (a broken option, a failure in this policy) is reported now.
    if (outcome.error && outcome.error !== this.reportedError) this.emit({ type: 'error', runId: this.id, step: outcome.steps, error: outcome.error, retrying: false });
    this.emit({ type: 'final', ...outcome });
    this.events.close();
    this.resolveDone(outcome);
  }

  private setStatus(status: AgentSession['status']): void {
    if (!this.detached) this.start.session.status = status;
  }

  private save(): 'saved' | 'unchanged' | 'stale' | 'failed' {
    try {
      // A value typed into a secret field never reaches storage, wherever else the model repeated it.
      if (this.secrets.size > 0) Object.assign(this.start.session, scrubSecrets({ ...this.start.session }, this.secrets));
      return this.env.store.save(this.start.session).status;
    } catch (error) {
      console.error('dddk: the agent session could not be saved', error);
      return 'failed';
    }
  }

  private emit(event: AgentEvent): void {
    this.env.publish(event);
    this.events.push(event);
  }
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

function routeOf(to: string): string {
  try {
    const url = new URL(to, 'http://page.invalid');
    return url.pathname + url.search + url.hash;
  } catch {
    return to;
  }
}
