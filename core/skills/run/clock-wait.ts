import { RunCancelled } from './run-errors.js';
import type { SkillClock } from './skill-ports.types.js';

/** Waits `ms` on the clock port; rejects with `RunCancelled` as soon as `signal` aborts. */
export function clockWait(clock: SkillClock, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new RunCancelled());
      return;
    }
    const onAbort = (): void => {
      clock.clearTimeout(handle);
      reject(new RunCancelled());
    };
    const handle = clock.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
