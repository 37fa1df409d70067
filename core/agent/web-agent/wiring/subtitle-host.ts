/**
 * The agent's questions, confirmations and pauses, asked in the subtitle bar. A subtitle model
 * without prompts (an older or custom one) is detected: questions then fail for the model, consent
 * is declined and pauses go on at once, rather than waiting for an answer nobody can give.
 */
import type { AskAnswer, AskRequest, PauseDecision, PauseHintRequest } from '../../../subtitle/prompt.types.js';
import type { SubtitleModel } from '../../../subtitle/subtitle.types.js';
import type { AgentStrings } from '../agent.strings.js';
import type { AgentHost } from '../agent-host.types.js';
import { visitorText } from './visitor-boundary.js';

/** The prompt half of the subtitle model, which a view-only model may lack. */
interface PromptingSubtitle {
  ask(request: AskRequest): Promise<AskAnswer>;
  pauseHint(request: PauseHintRequest): Promise<PauseDecision>;
  cancelPrompt(reason?: string): void;
}

export function canPrompt(subtitle: Partial<SubtitleModel>): subtitle is SubtitleModel & PromptingSubtitle {
  return typeof subtitle.ask === 'function' && typeof subtitle.pauseHint === 'function' && typeof subtitle.cancelPrompt === 'function';
}

export interface SubtitleHostOptions {
  strings(): AgentStrings;
}

export function subtitleHost(subtitle: SubtitleModel, options: SubtitleHostOptions): AgentHost {
  if (!canPrompt(subtitle)) return {};
  return {
    async confirm(request, { signal }) {
      const answer = await whileRunning(signal, subtitle, () => subtitle.ask({ kind: 'confirm', message: shown(request.message) }));
      return answer?.kind === 'confirm' && answer.accepted;
    },
    async ask(question, { signal }) {
      const answer = await whileRunning(signal, subtitle, () => subtitle.ask({ kind: 'text', message: shown(question) }));
      return answer?.kind === 'text' ? answer.value : null;
    },
    async choose(question, choices, { signal }) {
      const request: AskRequest = { kind: 'choice', message: shown(question), options: choices.map((choice) => ({ value: choice, label: shown(choice) })), allowFreeText: true };
      const answer = await whileRunning(signal, subtitle, () => subtitle.ask(request));
      return answer?.kind === 'choice' ? answer.value : null;
    },
    async pause(request, { signal }) {
      const message = visitorText(request.message).trim() || options.strings().nextStep('…');
      return (await whileRunning(signal, subtitle, () => subtitle.pauseHint({ message }))) ?? 'stop';
    },
  };
}

/** A question as the bar shows it: without the engine's text (a prompt must have words, so an emptied one says so). */
function shown(message: string): string {
  const text = visitorText(message).trim();
  return text === '' && message.trim() !== '' ? '…' : text;
}

/** Asks, and takes the prompt off the bar when the run stops before the user answered. */
async function whileRunning<T>(signal: AbortSignal, subtitle: PromptingSubtitle, open: () => Promise<T>): Promise<T | undefined> {
  if (signal.aborted) return undefined;
  let settled = false;
  const onAbort = () => {
    // Only the newest prompt can be pending: if ours were replaced it would have settled already.
    if (!settled) subtitle.cancelPrompt('stopped');
  };
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await open();
  } finally {
    settled = true;
    signal.removeEventListener('abort', onAbort);
  }
}
