import { describeValue } from '../util/describe-value.js';
import type { SubtitleTask, SubtitleTaskState } from './subtitle.types.js';

/** A checked `setTask()` value: the frozen data views see, and the way to stop it. */
export interface ReadTask {
  view: SubtitleTaskState;
  stop: () => void;
}

/** Checks a `setTask()` value; its `stop` is taken now, so a later change to the object cannot swap it. */
export function readTask(value: unknown): ReadTask {
  const label = 'subtitle.setTask(task)';
  if (typeof value !== 'object' || value === null) {
    throw new TypeError(`${label}: task must be an object { label?, stop() } or undefined, got ${describeValue(value)}`);
  }
  const { stop, label: text } = value as Partial<Record<keyof SubtitleTask, unknown>>;
  if (typeof stop !== 'function') {
    throw new TypeError(`${label}: task.stop must be a function (the bar's Stop button calls it), got ${describeValue(stop)}`);
  }
  if (text !== undefined && (typeof text !== 'string' || text.trim() === '')) {
    throw new TypeError(`${label}: task.label must be a non-empty string when given (e.g. "Stop the assistant"), got ${describeValue(text)}`);
  }
  return {
    view: Object.freeze(typeof text === 'string' ? { label: text.trim() } : {}),
    stop: () => void stop.call(value),
  };
}
