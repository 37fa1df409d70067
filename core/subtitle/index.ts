export { createSubtitleModel, type SubtitleClock, type SubtitleModelOptions } from './subtitle-model.js';
export { connectSubtitle, type SubtitleView, type SubtitlePageView } from './subtitle.connect.js';
export {
  connectPrompt,
  type SubtitlePromptView,
  type PromptButtonView,
  type PromptOptionView,
  type PromptTextFieldView,
} from './prompt.connect.js';
export type { SubtitleKeyEvent } from './key-event.js';
export type { PromptKeyHandlers } from './prompt-keys.js';
export type { SubtitleKeyHandlers, SubtitleKeyPorts, SubtitleGestureContext } from './subtitle-keys.js';
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
export { splitSentences, sentenceEnds } from './sentences.js';
export { paginate, DEFAULT_PAGING, type SubtitlePaging } from './paginate.js';
export { readingDelayMs, type SubtitleReadingTime } from './reading-delay.js';
export { SentenceSpeaker } from './sentence-speaker.js';
export { markdownToPlainText } from './markdown-text.js';
export { followAgentActivity } from './follow-agent-activity.js';
export { subtitleStrings, type SubtitleStrings, type SubtitlePromptStrings } from './subtitle.strings.js';
export {
  SUBTITLE_TYPES,
  SUBTITLE_ACTIONS,
  SUBTITLE_INDICATORS,
  type SubtitleActionName,
  type SubtitleIndicator,
  type SubtitleIndicatorKind,
  type SubtitleAvatar,
  type SubtitleTask,
  type SubtitleTaskState,
  type SubtitleType,
  type SubtitleState,
  type SubtitleShowOptions,
  type SubtitleListener,
  type SubtitleModel,
} from './subtitle.types.js';
