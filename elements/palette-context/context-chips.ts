import { DddkContextChips } from './context-chips.component.js';

export { DddkContextChips };

/** Registers `<dddk-context-chips>` (or `tag`); does nothing when the tag is already defined. */
export function defineContextChips(tag = 'dddk-context-chips'): void {
  DddkContextChips.define(tag);
}

declare global {
  interface HTMLElementTagNameMap {
    'dddk-context-chips': DddkContextChips;
  }
}
