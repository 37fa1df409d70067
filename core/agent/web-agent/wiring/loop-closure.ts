/**
 * What the subtitle bar shows when a run ends. Without a closure the bar would freeze on the last
 * narration, which reads as if the agent were still working.
 */
import { describeValue } from '../../../events/describe-value.js';
import { isPlainObject } from '../../../events/json.js';
import type { AskOption } from '../../../subtitle/prompt.types.js';
import type { SubtitleModel, SubtitleState } from '../../../subtitle/subtitle.types.js';
import type { AgentStrings } from '../agent.strings.js';
import type { AgentOutcome } from '../web-agent.types.js';
import { canPrompt } from './subtitle-host.js';

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
/** Notices about a stop or a failure stay a little longer than a closing line. */
const NOTICE_HIDE_MS = 8_000;

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

export interface FeedbackAnswer {
  satisfied: boolean | null;
  summary: string;
}

export interface ClosureContext {
  subtitle: SubtitleModel;
  strings: AgentStrings;
  onLoopEnd: OnLoopEnd | undefined;
  /** Hides the bar after `ms` unless something else was shown since. */
  hideLater(ms: number, shown: SubtitleState): void;
  feedback(answer: FeedbackAnswer): void;
}

export async function showLoopClosure(outcome: AgentOutcome, context: ClosureContext): Promise<void> {
  const { subtitle, strings } = context;
  subtitle.finalize();
  switch (outcome.reason) {
    case 'stopped':
      // A stop to take a follow-up, or because the page went away, has nothing to say; nor does one
      // made by closing the bar, which must stay closed.
      if ((outcome.stoppedBy === 'user' || outcome.stoppedBy === 'pause') && subtitle.getState().visible) notice(context, strings.stopped, 'info');
      return;
    case 'error':
      notice(context, strings.failed(outcome.error?.message ?? 'unknown error'), 'error');
      return;
    case 'max_steps':
      notice(context, strings.maxSteps(outcome.steps), 'warning');
      return;
    case 'done':
      await closeDone(context);
  }
}

async function closeDone(context: ClosureContext): Promise<void> {
  const { subtitle, strings } = context;
  const closure = context.onLoopEnd ?? { kind: 'text' };
  if (closure.kind === 'silent') {
    subtitle.hide();
    return;
  }
  if (closure.kind === 'feedback' && canPrompt(subtitle)) {
    const answer = await subtitle.ask({
      kind: 'confirm',
      message: closure.text ?? strings.feedbackQuestion,
      acceptLabel: strings.feedbackAccept,
      rejectLabel: strings.feedbackReject,
    });
    // A prompt taken away (a new run, the bar hidden) is no verdict.
    if (answer.kind === 'confirm' && answer.reason === undefined) context.feedback({ satisfied: answer.accepted, summary: '' });
    return;
  }
  if (closure.kind === 'ask_user' && canPrompt(subtitle)) {
    const answer = await subtitle.ask({ kind: 'choice', message: closure.question, options: closure.options });
    if (answer.kind === 'choice' && answer.value !== null) context.feedback({ satisfied: null, summary: answer.value });
    return;
  }
  const text = (closure.kind === 'text' || closure.kind === 'feedback' ? closure.text : undefined) ?? strings.done;
  const autoHide = closure.kind === 'text' ? (closure.autoHide ?? DEFAULT_CLOSURE_HIDE_MS) : DEFAULT_CLOSURE_HIDE_MS;
  const state = subtitle.getState();
  // The answer stays readable: the closing line goes under it.
  if (state.visible && state.text.trim() !== '' && state.type === 'agent') subtitle.replace(`${state.text}\n${text}`);
  else subtitle.show({ text, type: 'success' });
  if (autoHide > 0) context.hideLater(autoHide, subtitle.getState());
}

function notice(context: ClosureContext, text: string, type: 'info' | 'warning' | 'error'): void {
  context.subtitle.show({ text, type });
  context.hideLater(NOTICE_HIDE_MS, context.subtitle.getState());
}
