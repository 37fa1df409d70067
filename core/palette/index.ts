export { createPaletteModel, type PaletteModelOptions } from './palette-model.js';
export {
  connectPalette,
  optionId,
  actionOptionId,
  LISTBOX_ID,
  ACTIONS_MENU_ID,
  type PaletteView,
  type PaletteRowText,
  type PaletteConnectOptions,
  type PaletteHandlers,
  type PaletteKeyEvent,
  type PaletteKeyPlace,
  type PagePlace,
} from './palette.connect.js';
export type { PalettePageKeyOptions, PalettePageKeys } from './palette-page-keys.js';
export { controllerPalette, type ControllerPaletteOptions } from './controller-palette.js';
export { paletteStrings, type PaletteStrings } from './palette.strings.js';
export { paletteQuestions, pickLocalized, type PaletteQuestion, type PaletteQuestionOptions, type LocalizedText } from './palette-qa.js';
export { matchPrefix, prefixSpellings, substituteQuery, type PrefixMatch } from './palette-prefix.js';
export { loadPaletteMatcher } from './palette-matcher.js';
export { PaletteSearch, type PaletteSearchInput, type PaletteSearchOutput, type PaletteSearchOptions } from './palette-search.js';
export { parseShortcut, shortcutMatches, formatShortcut, type ParsedShortcut } from './shortcut.js';
export { checkItem, checkItems } from './validate-items.js';
export { PalettePortMissingError } from './run-action.js';
export type * from './palette-item.types.js';
export { BUILTIN_ICONS } from './palette-item.types.js';
export type {
  PaletteState,
  PaletteListener,
  PaletteModel,
  PaletteSubmitOptions,
  PaletteRow,
  PaletteItemRow,
  PaletteAskRow,
  PaletteError,
  PaletteErrorSource,
  PaletteActionsMenu,
  PaletteDetail,
  PaletteActionPorts,
  PaletteActivation,
} from './palette.types.js';
