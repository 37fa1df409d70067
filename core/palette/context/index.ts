export { createPaletteContextModel, DEFAULT_MAX_IMAGE_BYTES } from './palette-context-model.js';
export { connectContextChips, type ContextChipView, type ContextChipsView } from './palette-context.connect.js';
export { paletteContextStrings, type PaletteContextStrings } from './palette-context.strings.js';
export { elementLine, elementLabel } from './element-line.js';
export { ACCEPTED_IMAGE_TYPES, sniffImageType } from './image-data.js';
export { checkRequestContext, isEmptyRequestContext, REQUEST_CONTEXT_LIMITS, type RequestContext, type RequestImage } from './request-context.js';
export type {
  ContextChange,
  ContextChip,
  ContextChipKind,
  ContextErrorReason,
  ElementChip,
  ElementDescription,
  ErrorChip,
  ImageChip,
  ImageFileLike,
  ImageMediaType,
  ImageSource,
  PaletteContextModel,
  PaletteContextModelOptions,
  PaletteContextState,
  PinnedElementSource,
  SelectionChip,
} from './palette-context.types.js';
