import { connectPromptKeys } from './prompt-keys.js';
import { promptKindView, SHORTCUT_DIGITS } from './prompt-kinds.js';
import type { PromptOptionView, SubtitlePromptView } from './prompt-view.types.js';
import type { PromptAnswer, SubtitlePrompt } from './prompt.types.js';
import type { SubtitlePromptStrings } from './subtitle.strings.js';
import type { SubtitleModel } from './subtitle.types.js';

export type { PromptButtonView, PromptOptionView, PromptTextFieldView, SubtitlePromptView } from './prompt-view.types.js';

export function connectPrompt(model: SubtitleModel, prompt: SubtitlePrompt, strings: SubtitlePromptStrings): SubtitlePromptView {
  // Every gesture names the prompt it was rendered for, so a click that lands after the prompt was
  // replaced does not answer the new one.
  const stillPending = () => model.getState().prompt?.id === prompt.id;
  const answer = (value: PromptAnswer): boolean => stillPending() && model.answerPrompt(value);

  const options: PromptOptionView[] =
    prompt.kind === 'choice'
      ? prompt.options.map((option, index) => ({ value: option.value, label: option.label, shortcut: SHORTCUT_DIGITS[index] }))
      : [];
  const kind = promptKindView(prompt, strings, answer);
  const chooseByShortcut = (key: string): boolean => {
    const option = options.find((candidate) => candidate.shortcut === key);
    return option !== undefined && answer({ kind: 'choice', value: option.value });
  };

  return {
    id: prompt.id,
    kind: prompt.kind,
    message: prompt.message,
    options,
    ...kind,
    choose: (value) => prompt.kind === 'choice' && prompt.options.some((option) => option.value === value) && answer({ kind: 'choice', value }),
    chooseByShortcut,
    submitText: (text) => {
      const trimmed = text.trim();
      if (trimmed === '') return false;
      if (prompt.kind === 'text') return answer({ kind: 'text', value: trimmed });
      if (prompt.kind === 'choice' && prompt.allowFreeText) return answer({ kind: 'choice', value: trimmed });
      return false;
    },
    ...connectPromptKeys({ accept: kind.accept, chooseByShortcut }),
  };
}
