/**
 * One run of the web agent: the policy over `runLoop`. Each turn it reads the page, builds the
 * prompt and offers the page actions (`run-turns.ts`, `run-loop-options.ts`); it answers the loop's
 * gates and pauses through the host (`run-host.ts`), follows the page when it moves
 * (`run-navigation.ts`), writes the session after every step so that a reload continues the run at
 * its next step, and lets the visitor see the model's words only without the engine's
 * (`run-visitor-text.ts`).
 */
import { deferred, RunStopped } from '../../loop/abortable.js';
import { runLoop } from '../../loop/run-loop.js';
import { scrubSecrets } from '../../loop/secret-args.js';
import type { LoopEvent, LoopEventType } from '../../loop/types.js';
import type { TaskPlan } from '../../prompts/task-plan.js';
import { reportToDebugHook } from '../../util/debug-hook.js';
import type { AgentSession } from '../session/session.types.js';
import type { AgentEvent, AgentOutcome, AgentStopCause } from './agent-events.types.js';
import { EventChannel } from './event-channel.js';
import type { RunContext, RunEnvironment, RunStart, SaveStatus } from './run-context.js';
import { askConsent, askToGoOn, nextStepText } from './run-host.js';
import { runLoopOptions } from './run-loop-options.js';
import { followNavigation, leaveForDocument, resumeNote } from './run-navigation.js';
import { preparePlan } from './run-plan.js';
import { runTextHooks, type RunTextHooks } from './run-provenance.js';
import { runVisitorText, type RunVisitorText } from './run-visitor-text.js';
import { RunTurns } from './run-turns.js';
import { recordLoopStep } from './session-steps.js';
import type { AgentRun } from './web-agent.types.js';

type LoopFinal = Extract<LoopEvent, { type: 'final' }>;

/** Loop events the run hands on with its id (the model's words in them through the visitor-text filter). */
const RELAYED: ReadonlySet<LoopEventType> = new Set(['text-delta', 'narrate-delta', 'narrate-complete', 'about', 'tool-start', 'tool-end']);

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
  /** Values the model put into secret fields: blanked out of everything the session keeps. */
  private readonly secrets = new Set<string>();
  private reportedError: Error | undefined;
  /** The document the navigate action asked for, loaded once the session is saved. */
  private documentToLoad: string | undefined;
  /** The session's mark on the engine's notes, its fence around everything else. */
  private readonly textHooks: RunTextHooks;
  /** What the visitor may see of the model's words: without the engine's. */
  private readonly visible: RunVisitorText;
  /** What the run's parts see of it. */
  private readonly context: RunContext;
  private readonly turns: RunTurns;

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
    this.visible = runVisitorText(this.textHooks, start.session.mark, start.checkpoint?.transcript.messages, start.id);
    this.context = this.contextForParts();
    this.turns = new RunTurns(this.context);
    if (start.resumed) this.turns.noteForNextTurn = resumeNote(env, start);
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

  private contextForParts(): RunContext {
    const run = this;
    return {
      id: this.id,
      task: this.task,
      resumed: this.resumed,
      env: this.env,
      start: this.start,
      signal: this.signal,
      textHooks: this.textHooks,
      visibleText: (text) => this.visible.clean(text),
      secrets: this.secrets,
      get plan() {
        return run.plan;
      },
      emit: (event) => this.emit(event),
      loadAfterSave: (url) => (this.documentToLoad = url),
      setStatus: (status) => this.setStatus(status),
      requestStop: (cause) => this.requestStop(cause),
      save: () => this.save(),
    };
  }

  private async pump(): Promise<void> {
    const { session } = this.start;
    let final: LoopFinal | undefined;
    let failure: unknown;
    try {
      this.emit({ type: 'start', runId: this.id, task: this.task, sessionId: session.id, resumed: this.resumed, continued: this.start.continued });
      // What an earlier run left pointed at goes: this run points at its own things.
      this.clearPage();
      if (this.resumed) this.plan = session.plan;
      else await preparePlan(this.context, (plan) => (this.plan = plan));
      for await (const event of runLoop(runLoopOptions(this.context, (context) => this.turns.prepare(context)))) {
        if (event.type === 'final') final = event;
        else await this.handle(event);
      }
    } catch (error) {
      failure = error;
    }
    this.finish(final, failure);
  }

  /** What the run does with each loop event: report it, answer a gate or a pause, save a step, settle after a navigation. */
  private async handle(event: Exclude<LoopEvent, LoopFinal>): Promise<void> {
    const session = this.start.session;
    const runId = this.id;
    if (event.type === 'tool-start') this.setStatus('executing');
    if (event.type !== 'text-delta') this.visible.endTextLine((line) => this.emit(line));
    if (RELAYED.has(event.type)) {
      this.visible.relay({ ...event, runId } as AgentEvent, (shown) => this.emit(shown));
      return;
    }
    switch (event.type) {
      case 'thinking':
        this.setStatus('thinking');
        this.emit({ type: 'thinking', runId, step: event.step });
        return;
      case 'llm-call':
        this.emit({ type: 'llm-call', runId, step: event.step, metrics: event.metrics, role: this.turns.role });
        return;
      case 'error':
        this.reportedError = event.error;
        this.emit({ type: 'error', runId, step: event.step, error: event.error, retrying: event.retrying });
        return;
      case 'step': {
        if (this.detached) return;
        recordLoopStep(session, event.record, event.checkpoint, this.env.now());
        const status = this.save();
        this.emit({ type: 'saved', runId, step: event.step, record: event.record, status, sessionStatus: session.status });
        return;
      }
      case 'confirm': {
        const approved = await askConsent(this.context, event);
        const { decide: _decide, type: _type, ...rest } = event;
        if (!this.signal.aborted) this.emit({ type: 'confirm', ...rest, runId, approved });
        this.setStatus('executing');
        event.decide(approved);
        return;
      }
      case 'pause': {
        const message = nextStepText(this.env.locale(), event.name, event.narrate, event.effects);
        const decision = await askToGoOn(this.context, { cause: 'step', message, step: event.step, actionIndex: event.actionIndex });
        if (decision === 'continue') event.resume();
        else this.requestStop('pause');
        return;
      }
      case 'policy-error':
        this.emit({ type: 'policy-error', runId, step: event.step, actionIndex: event.actionIndex, name: event.name, error: event.error });
        return;
      case 'navigating':
        if (!event.newDocument) await followNavigation(this.context, this.turns, event);
        else {
          const url = this.documentToLoad;
          this.documentToLoad = undefined;
          await leaveForDocument(this.context, this.turns, event, url);
        }
        return;
      case 'navigated':
        this.setStatus('thinking');
        this.emit({ type: 'navigated', runId, step: event.step, to: event.to, ...(event.newDocument ? { newDocument: true as const } : {}) });
        return;
    }
  }

  private finish(final: LoopFinal | undefined, failure: unknown): void {
    const session = this.start.session;
    const reason = this.stopCause ? 'stopped' : (final?.reason ?? 'error');
    const outcome: AgentOutcome = { runId: this.id, sessionId: session.id, reason, steps: final?.step ?? 0 };
    if (this.stopCause) outcome.stoppedBy = this.stopCause;
    this.visible.endTextLine((line) => this.emit(line));
    // The answer is the visitor's: the engine's words are not part of it.
    const summary = final?.summary === undefined ? '' : this.visible.clean(final.summary).trim();
    if (summary !== '') outcome.summary = summary;
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
    this.releasePage(reason);
    // An error the loop did not report as an event (a broken option, a failure in this policy) is reported now.
    if (outcome.error && outcome.error !== this.reportedError) this.emit({ type: 'error', runId: this.id, step: outcome.steps, error: outcome.error, retrying: false });
    this.emit({ type: 'final', ...outcome });
    this.events.close();
    this.resolveDone(outcome);
  }

  /**
   * What the run pointed at stays a few seconds after it ends, so the visitor sees it (the page ends
   * that early when they move on); a stopped run takes it away at once.
   */
  private releasePage(reason: AgentOutcome['reason']): void {
    const { page, config } = this.env;
    const lingerMs = reason === 'stopped' ? 0 : config.overlayLingerMs;
    try {
      if (lingerMs > 0 && page.release) page.release({ lingerMs });
      else page.clear();
      this.env.cursor()?.hide?.();
    } catch {
      // Cleaning the page must not keep the run from ending.
    }
  }

  private clearPage(): void {
    try {
      this.env.page.clear();
    } catch {
      // A page that cannot be cleaned is read as it is.
    }
  }

  private setStatus(status: AgentSession['status']): void {
    if (!this.detached) this.start.session.status = status;
  }

  private save(): SaveStatus {
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
    reportToDebugHook('agentEvent', event);
    this.env.publish(event);
    this.events.push(event);
  }
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
