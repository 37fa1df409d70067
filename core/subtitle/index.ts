export { createSubtitleModel, type SubtitleModelOptions } from './subtitle-model.js';
export { connectSubtitle, type SubtitleView } from './subtitle.connect.js';
export {
  connectPrompt,
  type SubtitlePromptView,
  type PromptButtonView,
  type PromptOptionView,
  type PromptTextFieldView,
} from './prompt.connect.js';
export type {
  AskOption,
  AskRequest,
  AskAnswer,
  ConfirmAskRequest,
  ChoiceAskRequest,
  TextAskRequest,
  PauseDecision,
  PauseHintRequest,
  PromptAnswer,
  SubtitlePrompt,
  SubtitlePromptKind,
} from './prompt.types.js';
export { splitSentences } from './sentences.js';
export { subtitleStrings, type SubtitleStrings, type SubtitlePromptStrings } from './subtitle.strings.js';
export {
  SUBTITLE_TYPES,
  type SubtitleType,
  type SubtitleState,
  type SubtitleShowOptions,
  type SubtitleListener,
  type SubtitleModel,
} from './subtitle.types.js';
