export type { KeyValueStorage } from './key-value-storage.js';
export { webStorage, adaptWebStorage, type WebStorageAdapter, type WebStorageLike } from './web-storage.js';
export { memoryStorage, type MemoryStorage } from './memory-storage.js';
export { scopedStorage } from './scoped-storage.js';
export { withMemoryFallback, type FallbackStorage, type FallbackOptions } from './memory-fallback.js';
export {
  classifyStorageError,
  storageFailureMessage,
  type StorageFailure,
  type StorageFailureReason,
  type StorageWording,
} from './storage-failure.js';
export { StorageUnavailableError } from './storage-unavailable-error.js';
