import type { SubtitlePrompt, SubtitlePromptKind } from './prompt.types.js';
import type { SubtitlePromptStrings } from './subtitle.strings.js';
import type { SubtitleModel } from './subtitle.types.js';

/** Digit keys pick the first nine options of a choice. */
const SHORTCUT_DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export interface PromptButtonView {
  /** What pressing it does: `accept` confirms or continues; `reject` cancels, dismisses or stops. */
  action: 'accept' | 'reject';
  label: string;
  /** The button focus moves to when the prompt appears. */
  primary: boolean;
}

export interface PromptOptionView {
  value: string;
  label: string;
  /** The digit key that picks it (`1`…`9`), absent past the ninth option. */
  shortcut: string | undefined;
}

export interface PromptTextFieldView {
  label: string;
  placeholder: string;
  submitLabel: string;
}

/** Everything a view needs to render the pending prompt, and the gestures it can send back. */
export interface SubtitlePromptView {
  id: number;
  kind: SubtitlePromptKind;
  /** The question; views label the prompt's group with it. */
  message: string;
  /** The keys that answer, in words (e.g. "Space to continue, Esc to stop"). */
  hint: string;
  buttons: PromptButtonView[];
  options: PromptOptionView[];
  /** The text field of a `text` prompt, or of a `choice` that allows free text. */
  textField: PromptTextFieldView | undefined;
  /** Where focus goes when the prompt appears. */
  initialFocus: 'primary-button' | 'first-option' | 'text-field';
  /** Confirms (confirm) or continues (pause); false for prompts without an accept gesture. */
  accept(): boolean;
  /** Rejects (confirm), dismisses (choice, text) or stops (pause). */
  reject(): boolean;
  /** Picks the option with `value`. */
  choose(value: string): boolean;
  /** Picks the option whose digit is `key`; false when no option has it. */
  chooseByShortcut(key: string): boolean;
  /** Sends typed text (a text prompt's answer, or a choice's free text); false when it is blank. */
  submitText(text: string): boolean;
}

export function connectPrompt(model: SubtitleModel, prompt: SubtitlePrompt, strings: SubtitlePromptStrings): SubtitlePromptView {
  // Every gesture names the prompt it was rendered for, so a click that lands after the prompt was
  // replaced does not answer the new one.
  const stillPending = () => model.getState().prompt?.id === prompt.id;
  const answer = (value: Parameters<SubtitleModel['answerPrompt']>[0]): boolean => stillPending() && model.answerPrompt(value);

  const options: PromptOptionView[] =
    prompt.kind === 'choice'
      ? prompt.options.map((option, index) => ({ value: option.value, label: option.label, shortcut: SHORTCUT_DIGITS[index] }))
      : [];

  const base = {
    id: prompt.id,
    kind: prompt.kind,
    message: prompt.message,
    options,
    choose: (value: string) =>
      prompt.kind === 'choice' && prompt.options.some((option) => option.value === value) && answer({ kind: 'choice', value }),
    chooseByShortcut: (key: string) => {
      const option = options.find((candidate) => candidate.shortcut === key);
      return option !== undefined && answer({ kind: 'choice', value: option.value });
    },
    submitText: (text: string) => {
      const trimmed = text.trim();
      if (trimmed === '') return false;
      if (prompt.kind === 'text') return answer({ kind: 'text', value: trimmed });
      if (prompt.kind === 'choice' && prompt.allowFreeText) return answer({ kind: 'choice', value: trimmed });
      return false;
    },
  };

  switch (prompt.kind) {
    case 'confirm':
      return {
        ...base,
        hint: strings.confirm.hint,
        buttons: [
          { action: 'accept', label: prompt.acceptLabel ?? strings.confirm.accept, primary: true },
          { action: 'reject', label: prompt.rejectLabel ?? strings.confirm.reject, primary: false },
        ],
        textField: undefined,
        initialFocus: 'primary-button',
        accept: () => answer({ kind: 'confirm', accepted: true }),
        reject: () => answer({ kind: 'confirm', accepted: false }),
      };
    case 'pause':
      return {
        ...base,
        hint: strings.pause.hint,
        buttons: [
          { action: 'accept', label: strings.pause.continue, primary: true },
          { action: 'reject', label: strings.pause.stop, primary: false },
        ],
        textField: undefined,
        initialFocus: 'primary-button',
        accept: () => answer({ kind: 'pause', decision: 'continue' }),
        reject: () => answer({ kind: 'pause', decision: 'stop' }),
      };
    case 'choice':
      return {
        ...base,
        hint: strings.choice.hint(Math.min(options.length, SHORTCUT_DIGITS.length)),
        buttons: [{ action: 'reject', label: strings.choice.dismiss, primary: false }],
        textField: prompt.allowFreeText
          ? { label: strings.choice.freeTextLabel, placeholder: '', submitLabel: strings.choice.freeTextSubmit }
          : undefined,
        initialFocus: 'first-option',
        accept: () => false,
        reject: () => answer({ kind: 'choice', value: null }),
      };
    case 'text':
      return {
        ...base,
        hint: strings.text.hint,
        buttons: [{ action: 'reject', label: strings.text.dismiss, primary: false }],
        textField: { label: strings.text.fieldLabel, placeholder: prompt.placeholder ?? '', submitLabel: strings.text.submit },
        initialFocus: 'text-field',
        accept: () => false,
        reject: () => answer({ kind: 'text', value: null }),
      };
  }
}
