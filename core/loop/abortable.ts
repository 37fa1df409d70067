/** Small promise tools the loop uses to wait on things that a stop must cut short. */
import { sleep } from '../util/sleep.js';
import { DddkError } from '../util/dddk-error.js';
import { raceAbort } from '../util/race-abort.js';

/** Thrown out of a wait when the run stops; the engine turns it into `final { reason: 'stopped' }`. */
export class RunStopped extends DddkError<'run-stopped'> {
  override readonly name = 'RunStopped';
  readonly code = 'run-stopped';
  constructor() {
    super('the run was stopped');
  }
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** `promise`, or a `RunStopped` rejection as soon as `signal` aborts, whichever comes first. */
export function untilAborted<T>(signal: AbortSignal, promise: Promise<T>): Promise<T> {
  return raceAbort(promise, signal, () => new RunStopped());
}

/** Waits `ms`, or rejects with `RunStopped` when `signal` aborts. */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return sleep(ms, signal, () => new RunStopped());
}

/** An AbortController that also aborts when `parent` does; `dispose` detaches it. */
export function childController(parent: AbortSignal): { controller: AbortController; dispose(): void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) controller.abort(parent.reason);
  else parent.addEventListener('abort', onAbort, { once: true });
  return { controller, dispose: () => parent.removeEventListener('abort', onAbort) };
}

/**
 * An unbounded single-consumer queue: the stream reader pushes while the engine, which may be busy
 * running a tool or waiting for the user, takes items in order when it is ready.
 */
export class AsyncQueue<T> {
  private readonly items: T[] = [];
  private waiting: Deferred<void> | undefined;

  push(item: T): void {
    this.items.push(item);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve();
  }

  /** The next item without taking it, once there is one. */
  async peek(): Promise<T> {
    while (this.items.length === 0) {
      this.waiting ??= deferred<void>();
      await this.waiting.promise;
    }
    return this.items[0]!;
  }

  async take(): Promise<T> {
    const item = await this.peek();
    this.items.shift();
    return item;
  }
}
