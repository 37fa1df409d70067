import type { PromptKeyHandlers } from './prompt-keys.js';
import type { SubtitlePromptKind } from './prompt.types.js';

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
export interface SubtitlePromptView extends PromptKeyHandlers {
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
