import { DddkPalette } from './palette.component.js';

export { DddkPalette };

/** Registers `<dddk-palette>` (or `tag`); does nothing when the tag is already defined. */
export function definePalette(tag = 'dddk-palette'): void {
  DddkPalette.define(tag);
}

declare global {
  interface HTMLElementTagNameMap {
    'dddk-palette': DddkPalette;
  }
}
