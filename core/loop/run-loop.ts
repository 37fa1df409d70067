import { LoopEngine } from './engine.js';
import { resolveLoopOptions } from './resolve-options.js';
import type { LoopEvent, LoopOptions, LoopRun } from './types.js';

/** A run dropped mid-way without `return()` is stopped once it is garbage-collected. */
const abandonedRuns = new FinalizationRegistry<LoopEngine>((engine) => engine.stop());

/**
 * Starts a run of the tool-call loop; nothing happens until the first event is pulled. Leaving the
 * iteration early (`break`, `return()`) or calling `stop()` stops the stream, the running tool and any
 * pending confirm or pause at once. Invalid options throw a TypeError here, naming the field.
 */
export function runLoop(options: LoopOptions): LoopRun {
  const engine = new LoopEngine(resolveLoopOptions(options));
  const events = engine.events();
  const run: LoopRun = {
    next: () => events.next(),
    // Stopping first releases whatever the loop awaits, so the return is not queued behind it.
    return: (value?: unknown) => {
      engine.stop();
      return events.return(value as undefined) as Promise<IteratorResult<LoopEvent>>;
    },
    throw: (error?: unknown) => {
      engine.stop();
      return events.throw(error);
    },
    stop: () => engine.stop(),
    [Symbol.asyncIterator]: () => run,
  };
  abandonedRuns.register(run, engine);
  return run;
}
