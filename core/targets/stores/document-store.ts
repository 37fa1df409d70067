/**
 * Where one HTML document lives. A store remembers the version it last read or wrote, and a write
 * made from an older version is refused with a `StaleWriteError`, so two editors never overwrite
 * each other's work without knowing it.
 */
export interface DocumentStore {
  /** The document's current text; the store remembers its version for the next write. */
  read(): Promise<string>;
  /**
   * Replaces the document when it is still the version this store last read or wrote; rejects
   * with `StaleWriteError` when it changed elsewhere, and with `DocumentStoreError` on any other failure.
   */
  write(args: { readonly html: string }): Promise<void>;
}
