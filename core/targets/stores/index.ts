export type { DocumentStore } from './document-store.js';
export { DocumentStoreError, StaleWriteError, type DocumentStoreErrorCode } from './store-errors.js';
export {
  createMemoryDocument,
  createMemoryDocumentStore,
  type MemoryDocument,
  type MemoryDocumentCell,
  type MemoryDocumentStore,
} from './memory-document-store.js';
export {
  createLocalStorageDocumentStore,
  type DocumentStorage,
  type LocalStorageDocumentStoreOptions,
} from './local-storage-document-store.js';
export { createHttpDocumentStore, type HttpDocumentStoreOptions } from './http-document-store.js';
