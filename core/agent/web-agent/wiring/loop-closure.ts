/**
 * What the subtitle bar shows when a run ends. Without a closure the bar would freeze on the last
 * narration, which reads as if the agent were still working.
 */
import type { SubtitleModel, SubtitleState } from '../../../subtitle/subtitle.types.js';
import type { AgentStrings } from '../agent.strings.js';
import type { AgentOutcome } from '../agent-events.types.js';
import { DEFAULT_CLOSURE_HIDE_MS, type OnLoopEnd } from './on-loop-end.js';
import { canPrompt } from './subtitle-host.js';
import { visitorText } from './visitor-boundary.js';

export type { OnLoopEnd } from './on-loop-end.js';

/** Notices about a stop or a failure stay a little longer than a closing line. */
const NOTICE_HIDE_MS = 8_000;

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
      notice(context, strings.failed(visitorText(outcome.error?.message ?? '').trim() || 'unknown error'), 'error');
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
