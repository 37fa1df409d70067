import { describeValue } from '../util/describe-value.js';
import type { AskOption, AskRequest, SubtitlePrompt } from './prompt.types.js';

const ASK_KINDS = ['confirm', 'choice', 'text'] as const;

/** Checks an `ask()` request and turns it into the frozen prompt views render. */
export function readAskRequest(request: unknown, id: number): SubtitlePrompt {
  const label = 'subtitle.ask(request)';
  if (typeof request !== 'object' || request === null) {
    throw new TypeError(`${label}: request must be an object such as { kind: 'confirm', message }, got ${describeValue(request)}`);
  }
  const { kind } = request as { kind?: unknown };
  if (!(ASK_KINDS as readonly unknown[]).includes(kind)) {
    throw new TypeError(`${label}: request.kind must be one of ${ASK_KINDS.join(', ')}, got ${describeValue(kind)}`);
  }
  const typed = request as AskRequest;
  const message = readMessage(typed.message, `${label}: request.message`);
  switch (typed.kind) {
    case 'confirm':
      return Object.freeze({
        id,
        kind: 'confirm',
        message,
        ...optionalText(typed.acceptLabel, `${label}: request.acceptLabel`, 'acceptLabel'),
        ...optionalText(typed.rejectLabel, `${label}: request.rejectLabel`, 'rejectLabel'),
      });
    case 'choice':
      return Object.freeze({
        id,
        kind: 'choice',
        message,
        options: readOptions(typed.options, `${label}: request.options`),
        allowFreeText: readFlag(typed.allowFreeText, `${label}: request.allowFreeText`),
      });
    case 'text':
      return Object.freeze({
        id,
        kind: 'text',
        message,
        ...optionalText(typed.placeholder, `${label}: request.placeholder`, 'placeholder'),
      });
  }
}

/** Checks a `pauseHint()` request. */
export function readPauseRequest(request: unknown, id: number): SubtitlePrompt {
  if (typeof request !== 'object' || request === null) {
    throw new TypeError(`subtitle.pauseHint(request): request must be an object { message }, got ${describeValue(request)}`);
  }
  const message = readMessage((request as { message?: unknown }).message, 'subtitle.pauseHint(request): request.message');
  return Object.freeze({ id, kind: 'pause', message });
}

function readMessage(value: unknown, label: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`${label} must be a non-empty string (the question the user reads), got ${describeValue(value)}`);
  }
  return value;
}

function optionalText<Key extends string>(value: unknown, label: string, key: Key): Partial<Record<Key, string>> {
  if (value === undefined) return {};
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`${label} must be a non-empty string when given, got ${describeValue(value)}`);
  }
  return { [key]: value } as Partial<Record<Key, string>>;
}

function readFlag(value: unknown, label: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new TypeError(`${label} must be a boolean when given, got ${describeValue(value)}`);
  return value;
}

function readOptions(value: unknown, label: string): readonly AskOption[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new TypeError(`${label} must be a non-empty array of { value, label }, got ${describeValue(value)}`);
  }
  const seen = new Set<string>();
  const options = value.map((option: unknown, index) => {
    const { value: optionValue, label: optionLabel } = (option ?? {}) as { value?: unknown; label?: unknown };
    if (typeof option !== 'object' || option === null || typeof optionValue !== 'string') {
      throw new TypeError(`${label}[${index}] must be an object { value: string, label: string }, got ${describeValue(option)}`);
    }
    if (typeof optionLabel !== 'string' || optionLabel.trim() === '') {
      throw new TypeError(`${label}[${index}].label must be a non-empty string, got ${describeValue(optionLabel)}`);
    }
    if (seen.has(optionValue)) {
      throw new TypeError(`${label}[${index}].value ${JSON.stringify(optionValue)} repeats an earlier option; values must be unique`);
    }
    seen.add(optionValue);
    return Object.freeze({ value: optionValue, label: optionLabel });
  });
  return Object.freeze(options);
}
