export type { EditTarget, EditRequest, PartId, PartRef, Snapshot, ValidationCode, ValidationResult } from './edit-target.js';
export {
  applyEdit,
  applyEdits,
  type ApplyOptions,
  type ApplyOutcome,
  type BatchOutcome,
  type EditRefusalCode,
} from './apply-edit.js';
export { createEditHistory, type EditHistory, type EditHistoryEntry, type EditHistoryOptions } from './edit-history.js';
export { createSnapshot, snapshotEntries, sameSnapshotContent } from './snapshot.js';
export { checkPartPath, assertPartPath, MAX_PART_PATH_LENGTH, type PartPathCheck } from './part-path.js';
export { createMemoryFileStore, type FileStore, type MemoryFileStore } from './file-store.js';
export {
  createFileTreeTarget,
  type FileTreeTargetOptions,
  type FileTreeValidator,
  type ProspectiveFileTree,
} from './file-tree-target.js';
