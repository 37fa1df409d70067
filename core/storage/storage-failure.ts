import { StorageUnavailableError } from './storage-unavailable-error.js';

/** Why a storage stopped being used: full, blocked by the browser, missing, holding data that cannot be read, or anything else. */
export type StorageFailureReason = 'quota-exceeded' | 'blocked' | 'unavailable' | 'corrupt' | 'failed';

/** A storage operation that failed, and what happens now. */
export interface StorageFailure {
  reason: StorageFailureReason;
  /** `decode`: the caller could not read the value it got (`reportCorrupt`). */
  operation: 'get' | 'set' | 'remove' | 'keys' | 'decode';
  /** The key involved; empty for `keys`. */
  key: string;
  /** Phrased for the host: what failed, what the kit does instead, what to change. */
  message: string;
  error: unknown;
}

/** How a failure message speaks of the storage and of what it holds. */
export interface StorageWording {
  /** The storage, as the host knows it: `sessionStorage`, `localStorage`. Default `the storage`. */
  storageName?: string;
  /** What the storage holds, plural: `sessions`. Default `values`. */
  subject?: string;
  /** What keeping them in memory costs, as a clause: `a reload will not resume a run`. */
  consequence?: string;
  /** The option through which a host passes another adapter. Default `storage`. */
  optionName?: string;
  /** What the host can do, when the storage is no key-value adapter to swap (IndexedDB). Replaces the default advice, except for a corrupt value's. */
  fix?: string;
}

/** Names a storage error: browsers spell "full" three ways, and "blocked" as a SecurityError. */
export function classifyStorageError(error: unknown): Exclude<StorageFailureReason, 'corrupt'> {
  if (error instanceof StorageUnavailableError) return 'unavailable';
  const { name, code } = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; code?: unknown };
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014) return 'quota-exceeded';
  if (name === 'SecurityError') return 'blocked';
  return 'failed';
}

export function storageFailureMessage(
  reason: StorageFailureReason,
  operation: StorageFailure['operation'],
  key: string,
  error: unknown,
  wording: StorageWording = {},
): string {
  const { storageName = 'the storage', subject = 'values', consequence, optionName = 'storage', fix: hostFix } = wording;
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const cause = {
    'quota-exceeded': `${storageName} is full`,
    blocked: `${storageName} is blocked by the browser`,
    unavailable: `${storageName} is not available`,
    corrupt: `${storageName} holds data under "${key}" that cannot be read; it was left as is`,
    failed: `${storageName} failed`,
  }[reason];
  const fix =
    reason === 'quota-exceeded'
      ? `Free space in that storage, or pass a \`${optionName}\` adapter with more room.`
      : reason === 'corrupt'
        ? 'Remove or repair that entry, or use another key.'
        : hostFix ?? `Pass another \`${optionName}\` adapter (localStorage, memory, or the host's) to keep ${subject} across reloads.`;
  const what = operation === 'keys' ? 'keys' : `${operation} "${key}"`;
  return `${cause} (${what}: ${detail}); ${subject} are kept in memory for the rest of this page${consequence ? `, so ${consequence}` : ''}. ${fix}`;
}
