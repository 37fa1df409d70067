import { describeValue } from '../util/describe-value.js';
import type { AskAnswer, PromptAnswer, SubtitlePrompt } from './prompt.types.js';

/** What an `ask()` settles with: the view's answer, or the dismissal's `reason` in the shape of the prompt's kind. */
export function toAskAnswer(prompt: SubtitlePrompt, answer: PromptAnswer | undefined, reason: string): AskAnswer {
  if (answer && answer.kind !== 'pause') return answer;
  switch (prompt.kind) {
    case 'confirm':
      return { kind: 'confirm', accepted: false, reason };
    case 'choice':
      return { kind: 'choice', value: null, reason };
    default:
      return { kind: 'text', value: null, reason };
  }
}

/** Refuses an answer that does not fit the pending prompt, so a view bug cannot feed the agent nonsense. */
export function checkAnswer(prompt: SubtitlePrompt, answer: unknown): PromptAnswer {
  const label = 'subtitle.answerPrompt(answer)';
  const kind = (answer as { kind?: unknown } | null)?.kind;
  if (typeof answer !== 'object' || answer === null || kind !== prompt.kind) {
    throw new TypeError(`${label}: the pending prompt is a ${prompt.kind} prompt, so answer.kind must be "${prompt.kind}"; got ${describeValue(kind ?? answer)}`);
  }
  switch (prompt.kind) {
    case 'confirm': {
      const { accepted } = answer as { accepted?: unknown };
      if (typeof accepted !== 'boolean') throw new TypeError(`${label}: answer.accepted must be a boolean, got ${describeValue(accepted)}`);
      return { kind: 'confirm', accepted };
    }
    case 'choice': {
      const { value } = answer as { value?: unknown };
      if (value === null) return { kind: 'choice', value: null };
      if (typeof value === 'string' && prompt.options.some((option) => option.value === value)) return { kind: 'choice', value };
      if (prompt.allowFreeText && typeof value === 'string' && value.trim() !== '') return { kind: 'choice', value: value.trim() };
      throw new TypeError(
        `${label}: answer.value must be null or one of the option values (${prompt.options.map((o) => JSON.stringify(o.value)).join(', ')})` +
          `${prompt.allowFreeText ? ' or non-empty free text' : ''}; got ${describeValue(value)}`,
      );
    }
    case 'text': {
      const { value } = answer as { value?: unknown };
      if (value !== null && typeof value !== 'string') throw new TypeError(`${label}: answer.value must be a string or null, got ${describeValue(value)}`);
      return { kind: 'text', value };
    }
    case 'pause': {
      const { decision } = answer as { decision?: unknown };
      if (decision !== 'continue' && decision !== 'stop') {
        throw new TypeError(`${label}: answer.decision must be "continue" or "stop", got ${describeValue(decision)}`);
      }
      return { kind: 'pause', decision };
    }
  }
}
