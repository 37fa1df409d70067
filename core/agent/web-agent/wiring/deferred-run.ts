/**
 * The run `startAgent` hands out while the agent's code is still loading. The caller gets a run at
 * once; when the code is there, this run follows the real one (its events, its outcome) under this
 * run's id. A run stopped before that, or whose code failed to load, ends without having started.
 */
import { EventChannel } from '../event-channel.js';
import type { AgentEvent, AgentOutcome, AgentRun, AgentStopCause } from '../web-agent.types.js';

export class DeferredRun implements AgentRun {
  readonly resumed = false;
  readonly done: Promise<AgentOutcome>;
  private readonly channel = new EventChannel<AgentEvent>();
  private resolveDone!: (outcome: AgentOutcome) => void;
  private followed: AgentRun | undefined;
  private outcome: AgentOutcome | undefined;

  /** `onStopBeforeStart` is called by `stop()` while there is no real run yet. */
  constructor(
    readonly id: string,
    readonly task: string,
    private readonly onStopBeforeStart: (run: DeferredRun) => void,
  ) {
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
  }

  get events(): AsyncIterable<AgentEvent> {
    return this.channel;
  }

  get finished(): boolean {
    return this.outcome !== undefined;
  }

  /** The real run's id once it started. */
  get followedId(): string | undefined {
    return this.followed?.id;
  }

  stop(): void {
    if (this.finished) return;
    if (this.followed) this.followed.stop();
    else this.onStopBeforeStart(this);
  }

  /** From now on this run is `run`; its events come through `relay`, already under this run's id. */
  follow(run: AgentRun): void {
    if (this.finished || this.followed) return;
    this.followed = run;
    void run.done.then((outcome) => this.end({ ...outcome, runId: this.id }, false));
  }

  relay(event: AgentEvent): void {
    this.channel.push(event);
  }

  /** Ends the run before it started; its only event is `final`. */
  cancel(cause: AgentStopCause): void {
    if (this.followed) return;
    this.end({ runId: this.id, sessionId: '', reason: 'stopped', stoppedBy: cause, steps: 0 }, true);
  }

  /** Ends the run that could not start (its code did not load, or the agent could not be created). */
  fail(error: Error): void {
    if (this.followed || this.finished) return;
    this.channel.push({ type: 'error', runId: this.id, step: 0, error, retrying: false });
    this.end({ runId: this.id, sessionId: '', reason: 'error', error, steps: 0 }, true);
  }

  private end(outcome: AgentOutcome, announce: boolean): void {
    if (this.outcome) return;
    this.outcome = outcome;
    if (announce) this.channel.push({ type: 'final', ...outcome });
    this.channel.close();
    this.resolveDone(outcome);
  }
}
