import type { DocumentStore } from './document-store.js';
import { DocumentStoreError, StaleWriteError } from './store-errors.js';

/** The part of the Web Storage API this store uses; tests and hosts may pass their own. */
export type DocumentStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface LocalStorageDocumentStoreOptions {
  /** The storage key holding the document. */
  readonly key: string;
  /** Defaults to `globalThis.localStorage`, looked up on each call so the store can be created anywhere. */
  readonly storage?: DocumentStorage;
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

  const storage = (): DocumentStorage => {
    if (options.storage) return options.storage;
    let found: DocumentStorage | undefined;
    try {
      found = globalThis.localStorage;
    } catch (cause) {
      // Browsers throw here when site data is blocked.
      throw new DocumentStoreError('unavailable', `localStorage is blocked here (${describe(cause)}); allow site data or pass \`storage\`.`, { cause });
    }
    if (!found) throw new DocumentStoreError('unavailable', 'There is no localStorage in this environment; pass `storage` to createLocalStorageDocumentStore.');
    return found;
  };

  /** The stored document, or undefined when the key is empty; never guesses at data it cannot parse. */
  const load = (): StoredDocument | undefined => {
    let raw: string | null;
    try {
      raw = storage().getItem(key);
    } catch (cause) {
      if (cause instanceof DocumentStoreError) throw cause;
      throw new DocumentStoreError('unavailable', `Reading localStorage key "${key}" failed: ${describe(cause)}.`, { cause });
    }
    if (raw === null) return undefined;
    const parsed = parseStored(raw);
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
        storage().setItem(key, JSON.stringify(next));
      } catch (cause) {
        if (isQuotaError(cause)) {
          throw new DocumentStoreError('quota', `localStorage is full: the document under "${key}" was not saved and the previous version is kept. Free some site storage and save again.`, { cause });
        }
        throw new DocumentStoreError('unavailable', `Writing localStorage key "${key}" failed: ${describe(cause)}.`, { cause });
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

/** Browsers disagree on how a full storage reports itself: by name (most) or legacy code (22, Firefox 1014). */
function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
