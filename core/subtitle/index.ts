export { createSubtitleModel, type SubtitleModelOptions } from './subtitle-model.js';
export { connectSubtitle, type SubtitleView } from './subtitle.connect.js';
export { splitSentences } from './sentences.js';
export { subtitleStrings, type SubtitleStrings } from './subtitle.strings.js';
export {
  SUBTITLE_TYPES,
  type SubtitleType,
  type SubtitleState,
  type SubtitleShowOptions,
  type SubtitleListener,
  type SubtitleModel,
} from './subtitle.types.js';
