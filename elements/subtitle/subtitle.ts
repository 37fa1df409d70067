import { DddkSubtitle } from './subtitle.component.js';

export { DddkSubtitle };

/** Registers `<dddk-subtitle>` (or `tag`); does nothing when the tag is already defined. */
export function defineSubtitle(tag = 'dddk-subtitle'): void {
  DddkSubtitle.define(tag);
}

declare global {
  interface HTMLElementTagNameMap {
    'dddk-subtitle': DddkSubtitle;
  }
}
