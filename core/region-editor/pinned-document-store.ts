import type { DocumentStore } from '../targets/stores/document-store.js';

/** A document store that keeps the version it loaded until told to reload, and remembers a failed write. */
export interface PinnedDocumentStore extends DocumentStore {
  /** Forgets the loaded text, so the next read fetches the document again. */
  reload(): Promise<string>;
  /** The error of the last failed write, cleared by reading it. */
  takeWriteError(): unknown;
}

/**
 * Every read answers the text loaded once (or last written), so an editor works on the version the
 * user sees; a write then carries that version, and a document changed elsewhere meanwhile is
 * refused by the store instead of being spliced into silently.
 */
export function pinDocumentStore(store: DocumentStore): PinnedDocumentStore {
  let loaded: Promise<string> | undefined;
  let writeError: unknown;

  const read = (): Promise<string> => {
    if (!loaded) {
      const reading = store.read();
      loaded = reading;
      reading.catch(() => {
        if (loaded === reading) loaded = undefined;
      });
    }
    return loaded;
  };

  return {
    read,
    async write({ html }) {
      try {
        await store.write({ html });
      } catch (error) {
        writeError = error;
        throw error;
      }
      loaded = Promise.resolve(html);
    },
    reload() {
      loaded = undefined;
      return read();
    },
    takeWriteError() {
      const error = writeError;
      writeError = undefined;
      return error;
    },
  };
}
