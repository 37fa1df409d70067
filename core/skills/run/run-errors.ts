import { raceAbort } from '../../util/race-abort.js';
import type { SkillFailureReason } from './skill-outcome.types.js';

/** Thrown through a run's steps when it is cancelled (the visitor left, `cancel()`, the caller's signal). */
export class RunCancelled extends Error {
  override readonly name = 'RunCancelled';
  constructor() {
    super('the skill run was cancelled');
  }
}

/** Thrown through a run's steps to end it as `failed`; `message` is the visitor's. */
export class RunFailed extends Error {
  override readonly name = 'RunFailed';
  constructor(
    readonly reason: SkillFailureReason,
    message: string,
    readonly missing?: readonly string[],
  ) {
    super(message);
  }
}

/** Thrown when a step loaded another document, or another runner took the run over: the run goes on elsewhere. */
export class RunSuspended extends Error {
  override readonly name = 'RunSuspended';
  constructor(readonly step: number) {
    super('the skill run goes on in another document');
  }
}

/** Throws `RunCancelled` when the signal has aborted. */
export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new RunCancelled();
}

/** Settles as `promise` does, or rejects with `RunCancelled` as soon as `signal` aborts. */
export function untilCancelled<T>(promise: Promise<T> | T, signal: AbortSignal): Promise<T> {
  return raceAbort(promise, signal, () => new RunCancelled());
}

/** The message of what a skill's code threw, when it has one to show. */
export function messageOf(error: unknown): string | undefined {
  return error instanceof Error && typeof error.message === 'string' && error.message.trim() !== '' ? error.message.slice(0, 500) : undefined;
}
