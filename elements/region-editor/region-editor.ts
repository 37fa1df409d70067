import { DddkRegionEditor } from './region-editor.component.js';

export { DddkRegionEditor };

/** Registers `<dddk-region-editor>` (or `tag`); does nothing when the tag is already defined. */
export function defineRegionEditor(tag = 'dddk-region-editor'): void {
  DddkRegionEditor.define(tag);
}

declare global {
  interface HTMLElementTagNameMap {
    'dddk-region-editor': DddkRegionEditor;
  }
}
