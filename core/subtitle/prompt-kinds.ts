import type { PromptAnswer, SubtitlePrompt } from './prompt.types.js';
import type { SubtitlePromptStrings } from './subtitle.strings.js';
import type { SubtitlePromptView } from './prompt-view.types.js';

/** Digit keys pick the first nine options of a choice. */
export const SHORTCUT_DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** What differs between the kinds of prompt: their words, buttons, field, first focus and two gestures. */
export type PromptKindView = Pick<SubtitlePromptView, 'hint' | 'buttons' | 'textField' | 'initialFocus' | 'accept' | 'reject'>;

/** `answer` sends an answer to the prompt still pending (and only to it). */
export function promptKindView(prompt: SubtitlePrompt, strings: SubtitlePromptStrings, answer: (value: PromptAnswer) => boolean): PromptKindView {
  switch (prompt.kind) {
    case 'confirm':
      return {
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
        hint: strings.choice.hint(Math.min(prompt.options.length, SHORTCUT_DIGITS.length)),
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
        hint: strings.text.hint,
        buttons: [{ action: 'reject', label: strings.text.dismiss, primary: false }],
        textField: { label: strings.text.fieldLabel, placeholder: prompt.placeholder ?? '', submitLabel: strings.text.submit },
        initialFocus: 'text-field',
        accept: () => false,
        reject: () => answer({ kind: 'text', value: null }),
      };
  }
}
