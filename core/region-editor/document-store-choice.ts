import { createHttpDocumentStore } from '../targets/stores/http-document-store.js';
import { createMemoryDocumentStore } from '../targets/stores/memory-document-store.js';
import type { DocumentStore } from '../targets/stores/document-store.js';

/** Where an editor's settings say its document lives. */
export interface DocumentSource {
  /** The host's own store; wins over `src`. */
  readonly store?: DocumentStore | undefined;
  /** The document's URL (GET to read, PUT with If-Match to save). */
  readonly src?: string | undefined;
}

export interface DocumentStoreChoice {
  readonly store: DocumentStore;
  /** The document is the page's own content, so what it first loads is already on screen. */
  readonly editsInPlace: boolean;
}

/**
 * The host's store, else an HTTP store over `src`, else the edited content itself, held in memory
 * (`pageHtml` is read only then). The model pins whichever it gets to the version it loaded.
 */
export function chooseDocumentStore(source: DocumentSource, pageHtml: () => string): DocumentStoreChoice {
  if (source.store) return { store: source.store, editsInPlace: false };
  if (source.src) return { store: createHttpDocumentStore({ url: source.src }), editsInPlace: false };
  return { store: createMemoryDocumentStore(pageHtml()), editsInPlace: true };
}
