import { definePalette } from './palette/palette.js';
import { defineRegionEditor } from './region-editor/region-editor.js';
import { defineSubtitle } from './subtitle/subtitle.js';

/** Registers every element of the kit under its default tag; tags already defined are left alone. */
export function defineElements(): void {
  defineSubtitle();
  definePalette();
  defineRegionEditor();
}
