/**
 * The one way the kit loads code on demand. The drop-in bundle keeps what a visitor may never use
 * (the agent, parsers, views) in chunks; each is fetched once, on first use. A failed fetch is not
 * cached, so the next use tries again, and its error names the chunks folder the host must serve.
 */

import { DddkError } from './dddk-error.js';

export interface LazyModule<T> {
  /** The loaded value once a load has succeeded, so a second user renders at once. */
  readonly loaded: T | undefined;
  /** Loads once and resolves to the value; rejects with an Error naming `what` (the cause attached). */
  load(): Promise<T>;
}

/**
 * `what` names the feature for the error message ("the subtitle bar"); `importer` is the
 * `import()` call (with a `.then` picking what the caller needs, if it likes).
 */
export function lazyModule<T>(what: string, importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    get loaded() {
      return loaded;
    },
    load() {
      pending ??= Promise.resolve()
        .then(importer)
        .then(
          (value) => (loaded = value),
          (cause: unknown) => {
            pending = undefined;
            throw new ChunkLoadError(what, cause);
          },
        );
      return pending;
    },
  };
}

/** A chunk of the kit could not be fetched or evaluated. */
export class ChunkLoadError extends DddkError<'chunk_load_failed'> {
  readonly code = 'chunk_load_failed';

  constructor(what: string, cause: unknown) {
    super(`dddk: could not load ${what}. When using dddk.min.js, serve its chunks/ folder next to it.`, { cause });
    this.name = 'ChunkLoadError';
  }
}
