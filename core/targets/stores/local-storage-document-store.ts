import type { KeyValueStorage } from '../../storage/key-value-storage.js';
import type { FallbackStorage } from '../../storage/memory-fallback.js';
import { classifyStorageError } from '../../storage/storage-failure.js';
import { adaptWebStorage, webStorage } from '../../storage/web-storage.js';
import type { DocumentStore } from './document-store.js';
import { DocumentStoreError, StaleWriteError } from './store-errors.js';

/** The part of the Web Storage API this store uses; tests and hosts may pass their own. */
export type DocumentStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface LocalStorageDocumentStoreOptions {
  /** The storage key holding the document. */
  readonly key: string;
  /**
   * Defaults to `globalThis.localStorage`, looked up on each call so the store can be created anywhere.
   * A Web Storage object, or any key-value storage of the kit's port: pass
   * `withMemoryFallback(webStorage('local'), onFallback)` to keep the document in memory, with an
   * event, where localStorage fails, instead of refusing the read or the write.
   */
  readonly storage?: DocumentStorage | KeyValueStorage;
  /** The document read while nothing is stored under `key`; defaults to an empty string. */
  readonly initialHtml?: string;
}

/** What is kept under the key: the text plus a counter, so a second tab's stale write is caught. */
interface StoredDocument {
  readonly format: typeof STORED_FORMAT;
  readonly version: number;
  readonly html: string;
}

const STORED_FORMAT = 'dddk-document';

export function createLocalStorageDocumentStore(options: LocalStorageDocumentStoreOptions): DocumentStore {
  const { key, initialHtml = '' } = options;
  if (typeof key !== 'string' || key === '') {
    throw new TypeError('createLocalStorageDocumentStore: `key` must be a non-empty string naming the storage entry.');
  }
  let knownVersion: number | undefined;

  const storage = toPort(options.storage);

  /** The stored document, or undefined when the key is empty; never guesses at data it cannot parse. */
  const load = (): StoredDocument | undefined => {
    let raw: string | null;
    try {
      raw = storage.get(key) ?? null;
    } catch (cause) {
      throw unusable(cause, `Reading localStorage key "${key}" failed: ${describe(cause)}.`);
    }
    if (raw === null) return undefined;
    const parsed = parseStored(raw);
    if (!parsed && 'reportCorrupt' in storage) {
      // A host that chose a fallback storage gets memory and its event here too; the entry stays as is.
      (storage as FallbackStorage).reportCorrupt(key, new SyntaxError(`localStorage key "${key}" holds data that is not a stored document`));
      return undefined;
    }
    if (!parsed) {
      throw new DocumentStoreError(
        'corrupt',
        `localStorage key "${key}" holds data that is not a stored document; it was left as is. Remove or repair the key, or use another \`key\`.`,
      );
    }
    return parsed;
  };

  return {
    async read() {
      const stored = load();
      knownVersion = stored?.version ?? 0;
      return stored?.html ?? initialHtml;
    },
    async write({ html }) {
      if (knownVersion === undefined) {
        throw new DocumentStoreError('not-read', `Read localStorage key "${key}" successfully before writing it.`);
      }
      const currentVersion = load()?.version ?? 0;
      if (currentVersion !== knownVersion) {
        throw new StaleWriteError(`localStorage key "${key}" changed since it was read (another tab or script wrote it); reload and redo the edit.`);
      }
      const next: StoredDocument = { format: STORED_FORMAT, version: currentVersion + 1, html };
      try {
        storage.set(key, JSON.stringify(next));
      } catch (cause) {
        if (classifyStorageError(cause) === 'quota-exceeded') {
          throw new DocumentStoreError('quota', `localStorage is full: the document under "${key}" was not saved and the previous version is kept. Free some site storage and save again.`, { cause });
        }
        throw unusable(cause, `Writing localStorage key "${key}" failed: ${describe(cause)}.`);
      }
      knownVersion = next.version;
    },
  };
}

function parseStored(raw: string): StoredDocument | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const candidate = value as Partial<StoredDocument>;
  if (candidate.format !== STORED_FORMAT || typeof candidate.html !== 'string') return undefined;
  if (typeof candidate.version !== 'number' || !Number.isSafeInteger(candidate.version) || candidate.version < 0) return undefined;
  return { format: STORED_FORMAT, version: candidate.version, html: candidate.html };
}

function toPort(storage: DocumentStorage | KeyValueStorage | undefined): KeyValueStorage {
  if (storage === undefined) return webStorage('local');
  return 'getItem' in storage ? adaptWebStorage(storage, 'localStorage') : storage;
}

/** A storage the store cannot use: missing, blocked by the browser, or failing as `otherwise` says. */
function unusable(cause: unknown, otherwise: string): DocumentStoreError {
  const reason = classifyStorageError(cause);
  const message =
    reason === 'unavailable'
      ? 'There is no localStorage in this environment; pass `storage` to createLocalStorageDocumentStore.'
      : reason === 'blocked'
        ? `localStorage is blocked here (${describe(cause)}); allow site data or pass \`storage\`.`
        : otherwise;
  return new DocumentStoreError('unavailable', message, { cause });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
