export { createRegionEditorModel } from './region-editor-model.js';
export { connectRegionEditor, type RegionEditorView, type RegionOptionView } from './region-editor.connect.js';
export { regionEditorStrings, type RegionEditorStrings } from './region-editor.strings.js';
export { pinDocumentStore, type PinnedDocumentStore } from './pinned-document-store.js';
export { diffText, type DiffHunk } from './text-diff.js';
export type {
  RegionChangeCause,
  RegionChanges,
  RegionEditorModel,
  RegionEditorModelOptions,
  RegionEditorNotice,
  RegionEditorNoticeKind,
  RegionEditorPhase,
  RegionEditorState,
  RegionProposal,
  RegionEditorRefusal,
} from './region-editor.types.js';
