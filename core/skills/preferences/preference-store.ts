import { memoryStorage } from '../../storage/memory-storage.js';
import type { KeyValueStorage } from '../../storage/key-value-storage.js';
import { withMemoryFallback, type FallbackStorage } from '../../storage/memory-fallback.js';
import type { StorageFailure } from '../../storage/storage-failure.js';
import { describeValue } from '../../util/describe-value.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import type { PreferenceContext, PreferenceField, PreferenceSubject, PreferenceValue, PreferenceValues } from './preference.types.js';
import { validatePreferences } from './validate-preferences.js';

export interface PreferenceStoreOptions {
  /** Where the settings persist (localStorage, the host's). Never receives a password field's value. */
  storage: KeyValueStorage;
  /**
   * The host's secure store for password fields. Without one they live in memory for this page only,
   * and the visitor enters them again on the next.
   */
  secretStorage?: KeyValueStorage;
  /** Told when a storage fails or holds a record that cannot be read (default: a console warning). */
  onFailure?: (failure: StorageFailure) => void;
  /** The locale of the messages `contextFor(…).set` returns. Default `en`. */
  locale?: string | (() => string);
  /** Prefix of the keys written. Default `dddk.skills.prefs.`. */
  keyPrefix?: string;
}

export interface PreferenceStore {
  /** The skill's values: what is stored, defaults for the rest, secrets included (for the skill's own code). */
  read(subject: PreferenceSubject): PreferenceValues;
  /**
   * Stores `patch` (values already checked by `validatePreferences`): a field left out keeps its value,
   * `null` clears it. Throws a TypeError for a name the schema lacks or a value of the wrong kind.
   */
  write(subject: PreferenceSubject, patch: Readonly<Record<string, unknown>>): void;
  /** Forgets every setting of the skill, secrets included. */
  remove(subject: PreferenceSubject | string): void;
  /** The required fields without a value (a required checkbox must be checked). */
  missingRequired(subject: PreferenceSubject): PreferenceField[];
  contextFor(subject: PreferenceSubject): PreferenceContext;
}

const SECRET_SEPARATOR = '#';

/**
 * Per-skill settings over the kit's storage port. No call throws for a storage's sake: a failing
 * storage carries on in memory and a record that cannot be read counts as empty, both reported
 * through `onFailure`. Password fields go to `secretStorage` or to memory, never to `storage`.
 */
export function createPreferenceStore(options: PreferenceStoreOptions): PreferenceStore {
  if (typeof options?.storage?.get !== 'function' || typeof options.storage.set !== 'function' || typeof options.storage.remove !== 'function') {
    throw new TypeError(`createPreferenceStore(options): options.storage must be a key-value storage ({ get, set, remove }, e.g. webStorage('local')), got ${describeValue(options?.storage)}`);
  }
  const report = options.onFailure ?? ((failure: StorageFailure) => console.warn(`dddk: ${failure.message}`));
  const prefix = options.keyPrefix ?? 'dddk.skills.prefs.';
  const storage = withMemoryFallback(options.storage, report, { subject: 'skill settings', consequence: 'they are asked for again on the next page' });
  const secrets = openSecrets(options.secretStorage, report);
  const localeOf = (): string => (typeof options.locale === 'function' ? options.locale() : options.locale) ?? 'en';
  const recordKey = (id: string): string => `${prefix}${id}`;
  const toldCorrupt = new Set<string>();
  const corrupt = (key: string, error: unknown): void => {
    if (toldCorrupt.has(key)) return;
    toldCorrupt.add(key);
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    report({ reason: 'corrupt', operation: 'decode', key, error, message: `the skill settings under "${key}" cannot be read (${detail}); they count as empty, and the next save replaces them` });
  };
  const secretKey = (id: string, name: string): string => `${prefix}${id}${SECRET_SEPARATOR}${name}`;

  /** The stored values, without defaults; a record that cannot be read counts as empty. */
  const readStored = (subject: PreferenceSubject): Record<string, PreferenceValue> => {
    const fields = subject.preferences ?? [];
    const record = readRecord(storage, recordKey(subject.id), corrupt);
    const values: Record<string, PreferenceValue> = {};
    let leaked = false;
    for (const field of fields) {
      if (field.kind === 'password') {
        leaked ||= Object.hasOwn(record, field.name);
        const secret = secrets.get(secretKey(subject.id, field.name));
        if (secret !== null && secret !== '') values[field.name] = secret;
      } else if (fitsField(field, record[field.name])) {
        values[field.name] = record[field.name] as PreferenceValue;
      }
    }
    // A field that became a password keeps no copy in the persistent storage.
    if (leaked) writeRecord(storage, recordKey(subject.id), withoutSecrets(record, fields));
    return values;
  };

  const read = (subject: PreferenceSubject): PreferenceValues => {
    checkSubject(subject, 'read');
    const values = readStored(subject);
    for (const field of subject.preferences ?? []) {
      if (values[field.name] === undefined && field.kind !== 'password' && field.default !== undefined) values[field.name] = field.default;
    }
    return Object.freeze(values);
  };

  const write = (subject: PreferenceSubject, patch: Readonly<Record<string, unknown>>): void => {
    checkSubject(subject, 'write');
    const fields = new Map((subject.preferences ?? []).map((field) => [field.name, field]));
    checkPatch(subject, fields, patch);
    const record = readRecord(storage, recordKey(subject.id), corrupt);
    for (const [name, value] of Object.entries(patch)) {
      const field = fields.get(name)!;
      if (value === undefined) continue;
      if (field.kind === 'password') {
        if (value === null || value === '') secrets.remove(secretKey(subject.id, name));
        else secrets.set(secretKey(subject.id, name), value as string);
      } else if (value === null) {
        delete record[name];
      } else {
        record[name] = value;
      }
    }
    writeRecord(storage, recordKey(subject.id), withoutSecrets(record, [...fields.values()]));
  };

  const remove = (subject: PreferenceSubject | string): void => {
    const id = typeof subject === 'string' ? subject : subject?.id;
    if (typeof id !== 'string') throw new TypeError(`preferences.remove(skill): pass a skill or its id, got ${describeValue(subject)}`);
    storage.remove(recordKey(id));
    if (typeof subject !== 'string') for (const field of subject.preferences ?? []) if (field.kind === 'password') secrets.remove(secretKey(id, field.name));
    const mine = `${prefix}${id}${SECRET_SEPARATOR}`;
    for (const key of secrets.keys()) if (key.startsWith(mine)) secrets.remove(key);
  };

  const missingRequired = (subject: PreferenceSubject): PreferenceField[] => {
    const values = read(subject);
    return (subject.preferences ?? []).filter((field) => field.required && (field.kind === 'checkbox' ? values[field.name] !== true : values[field.name] === undefined));
  };

  const contextFor = (subject: PreferenceSubject): PreferenceContext => {
    checkSubject(subject, 'contextFor');
    return {
      get: () => read(subject),
      set(patch) {
        if (!isPlainObject(patch)) throw new TypeError(`preferences.set(values): values must be an object of settings by name, got ${describeValue(patch)}`);
        const fields = subject.preferences ?? [];
        const known = new Set(fields.map((field) => field.name));
        const unknown = Object.keys(patch).find((name) => !known.has(name));
        if (unknown !== undefined) throw new TypeError(`preferences.set(values): values.${unknown} is not a setting of "${subject.id}"; it has ${[...known].join(', ') || 'none'}`);
        // The whole picture is checked (a required field cannot be cleared); only the patched names are written.
        const validation = validatePreferences(fields, { ...read(subject), ...patch }, { locale: localeOf() });
        if (validation.ok) write(subject, Object.fromEntries(Object.keys(patch).map((name) => [name, validation.values[name]])));
        return validation;
      },
      isComplete: () => missingRequired(subject).length === 0,
      missingRequired: () => missingRequired(subject),
    };
  };

  return { read, write, remove, missingRequired, contextFor };
}

/** The secret store, or a memory one for this page; a failing secret store also falls back to memory. */
function openSecrets(secretStorage: KeyValueStorage | undefined, report: (failure: StorageFailure) => void): FallbackStorage {
  return withMemoryFallback(secretStorage ?? memoryStorage(), report, { storageName: 'the secret storage', subject: 'secrets', consequence: 'they are asked for again on the next page', optionName: 'secretStorage' });
}

/**
 * The record under `key`; one that cannot be read counts as empty and is told once. The key is the
 * store's own, so the next write replaces the record: the storage itself stays in use, and the
 * visitor is not asked for the settings again on every page.
 */
function readRecord(storage: FallbackStorage, key: string, corrupt: (key: string, error: unknown) => void): Record<string, unknown> {
  const text = storage.get(key);
  if (text === null || text === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isPlainObject(parsed)) throw new SyntaxError(`expected an object of settings, got ${describeValue(parsed)}`);
    return parsed;
  } catch (error) {
    corrupt(key, error);
    return {};
  }
}

function writeRecord(storage: FallbackStorage, key: string, record: Record<string, unknown>): void {
  if (Object.keys(record).length === 0) storage.remove(key);
  else storage.set(key, JSON.stringify(record));
}

function withoutSecrets(record: Record<string, unknown>, fields: readonly PreferenceField[]): Record<string, unknown> {
  const secret = new Set(fields.filter((field) => field.kind === 'password').map((field) => field.name));
  return Object.fromEntries(Object.entries(record).filter(([name]) => !secret.has(name)));
}

/** Whether a stored value still fits its field (the schema may have changed since it was written). */
function fitsField(field: PreferenceField, value: unknown): boolean {
  switch (field.kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'checkbox':
      return typeof value === 'boolean';
    case 'select':
      return typeof value === 'string' && (typeof field.options === 'function' || field.options.some((option) => option.value === value));
    default:
      return typeof value === 'string';
  }
}

function checkSubject(subject: PreferenceSubject, method: string): void {
  if (typeof subject?.id !== 'string' || (subject.preferences !== undefined && !Array.isArray(subject.preferences))) {
    throw new TypeError(`preferences.${method}(skill): pass a skill ({ id, preferences }), got ${describeValue(subject)}`);
  }
}

function checkPatch(subject: PreferenceSubject, fields: ReadonlyMap<string, PreferenceField>, patch: unknown): void {
  if (!isPlainObject(patch)) throw new TypeError(`preferences.write(skill, values): values must be an object of settings by name, got ${describeValue(patch)}`);
  for (const [name, value] of Object.entries(patch)) {
    const field = fields.get(name);
    const at = `preferences.write(skill, values): values.${name}`;
    if (!field) throw new TypeError(`${at} is not a setting of "${subject.id}"; it has ${[...fields.keys()].join(', ') || 'none'}`);
    if (value === null || value === undefined) continue;
    const kind = field.kind === 'number' ? 'number' : field.kind === 'checkbox' ? 'boolean' : 'string';
    if (typeof value !== kind || (kind === 'number' && !Number.isFinite(value))) {
      throw new TypeError(`${at} must be a ${kind} for a ${field.kind} field, got ${describeValue(value)}; check entered values with validatePreferences first`);
    }
  }
}
