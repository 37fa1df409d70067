/**
 * What a host tool's handler returned, as the result the model reads: a string or a JSON value,
 * cut to a bounded length. Anything else (a function, a cyclic object, a BigInt) cannot be read;
 * the model hears that the call ran but its result was unreadable, and the host hears why.
 */
import type { ActionResult } from '../page/actions/types.js';
import { bounded } from '../util/bounded.js';
import { describeValue } from '../util/describe-value.js';

/** Characters of a tool's output the model reads: about a page of text. */
export const TOOL_OUTPUT_LIMIT = 8_000;
/** Characters of an error's message the model reads. */
const MESSAGE_LIMIT = 1_000;

export interface ReadOutput {
  result: ActionResult;
  /** What was wrong with the value, for the host; absent when it could be read. */
  defect?: string;
}

export function readToolOutput(value: unknown): ReadOutput {
  if (value === undefined) return { result: { ok: true } };
  if (typeof value === 'string') return { result: { ok: true, data: bounded(value, TOOL_OUTPUT_LIMIT) } };
  if (typeof value === 'function' || typeof value === 'symbol') return unreadable(`returned ${describeValue(value)}`);
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    return unreadable(`returned a value that cannot be written as JSON (${bounded(errorText(error), 200)})`);
  }
  if (json === undefined) return unreadable(`returned ${describeValue(value)}, which has no JSON form`);
  // A long value is read as the start of its JSON text; a short one as a clean copy, so that what
  // the transcript keeps never changes with the host's objects.
  if (json.length > TOOL_OUTPUT_LIMIT) return { result: { ok: true, data: bounded(json, TOOL_OUTPUT_LIMIT) } };
  return { result: { ok: true, data: JSON.parse(json) as unknown } };
}

/** The failure a thrown or rejected handler becomes: its message, bounded. */
export function failedOutput(error: unknown): ActionResult {
  return { ok: false, code: 'unknown', message: `The tool failed: ${bounded(errorText(error), MESSAGE_LIMIT)}` };
}

function unreadable(defect: string): ReadOutput {
  return { result: { ok: false, code: 'unknown', message: 'The tool ran, but what it returned cannot be read.' }, defect };
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : describeValue(error);
}
