/**
 * The controller's `onLoopEnd` option: what the subtitle bar shows when a run has done its task. Its
 * own file, so that `createDddk` checks it without loading the closure itself (`loop-closure.ts`).
 */
import { describeValue } from '../../../util/describe-value.js';
import { isPlainObject } from '../../../util/is-plain-object.js';
import type { AskOption } from '../../../subtitle/prompt.types.js';

/**
 * After a run that finished its task:
 * - `text` (default: "Done." for 6 s): a closing line under the answer, hidden after `autoHide` ms (0 keeps it).
 * - `silent`: the bar hides at once.
 * - `feedback`: asks whether it helped (Space/Enter: yes; Esc: no) → an `agent_feedback` intent.
 * - `ask_user`: asks `question` with `options` → an `agent_feedback` intent whose `summary` is the choice.
 */
export type OnLoopEnd =
  | { kind: 'silent' }
  | { kind: 'text'; text?: string; autoHide?: number }
  | { kind: 'feedback'; text?: string }
  | { kind: 'ask_user'; question: string; options: AskOption[] };

export const DEFAULT_CLOSURE_HIDE_MS = 6_000;

export function checkOnLoopEnd(value: unknown, where: string): asserts value is OnLoopEnd {
  const kinds = ['silent', 'text', 'feedback', 'ask_user'];
  if (!isPlainObject(value) || !kinds.includes(value.kind as string)) {
    throw new TypeError(`${where} must be { kind: "silent" | "text" | "feedback" | "ask_user", … }, got ${describeValue(value)}`);
  }
  if (value.text !== undefined && (typeof value.text !== 'string' || value.text.trim() === '')) {
    throw new TypeError(`${where}.text must be a non-empty string, got ${describeValue(value.text)}`);
  }
  if (value.kind === 'text' && value.autoHide !== undefined && !(typeof value.autoHide === 'number' && value.autoHide >= 0 && Number.isFinite(value.autoHide))) {
    throw new TypeError(`${where}.autoHide must be a non-negative number of milliseconds (0 keeps the line), got ${describeValue(value.autoHide)}`);
  }
  if (value.kind === 'ask_user') {
    if (typeof value.question !== 'string' || value.question.trim() === '') throw new TypeError(`${where}.question must be a non-empty string`);
    const options = value.options;
    if (!Array.isArray(options) || options.length === 0 || !options.every((option) => isPlainObject(option) && typeof option.value === 'string' && typeof option.label === 'string')) {
      throw new TypeError(`${where}.options must be a non-empty array of { value, label } strings, got ${describeValue(options)}`);
    }
  }
}
