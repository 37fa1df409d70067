export { createPaletteModel, type PaletteModelOptions } from './palette-model.js';
export { connectPalette, ASK_OPTION_ID, type PaletteView, type PaletteOptionView } from './palette.connect.js';
export { controllerPalette } from './controller-palette.js';
export { paletteStrings, type PaletteStrings } from './palette.strings.js';
export type { PaletteState, PaletteListener, PaletteModel, PaletteSubmitOptions } from './palette.types.js';
