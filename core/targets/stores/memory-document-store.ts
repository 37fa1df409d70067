import type { DocumentStore } from './document-store.js';
import { DocumentStoreError, StaleWriteError } from './store-errors.js';

/**
 * One document held in memory with a version counter. Several stores opened on the same document
 * behave like several editors of one page: the first to write wins, the others are refused.
 */
export interface MemoryDocument {
  readonly html: string;
  readonly version: number;
}

/** A mutable holder shared by the stores opened on it. */
export interface MemoryDocumentCell {
  current(): MemoryDocument;
  /** Replaces the document as an outside editor would, bumping the version. */
  replace(html: string): void;
}

export interface MemoryDocumentStore extends DocumentStore {
  /** The document's text right now, without touching this store's remembered version. */
  peek(): string;
}

export function createMemoryDocument(html = ''): MemoryDocumentCell {
  let document: MemoryDocument = Object.freeze({ html, version: 0 });
  return {
    current: () => document,
    replace(next) {
      document = Object.freeze({ html: next, version: document.version + 1 });
    },
  };
}

/** A store over `source`: a fresh document from a string, or a shared cell. */
export function createMemoryDocumentStore(source: string | MemoryDocumentCell = ''): MemoryDocumentStore {
  const cell = typeof source === 'string' ? createMemoryDocument(source) : source;
  let knownVersion: number | undefined;
  return {
    async read() {
      const { html, version } = cell.current();
      knownVersion = version;
      return html;
    },
    async write({ html }) {
      if (knownVersion === undefined) {
        throw new DocumentStoreError('not-read', 'Read the document before writing it, so the write can be checked against the version read.');
      }
      const { version } = cell.current();
      if (version !== knownVersion) {
        throw new StaleWriteError(`The document changed since it was read (version ${knownVersion}, now ${version}); read it again and redo the edit.`);
      }
      cell.replace(html);
      knownVersion = cell.current().version;
    },
    peek: () => cell.current().html,
  };
}
