import { describeValue } from '../util/describe-value.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { deepFreeze } from '../util/deep-freeze.js';
import type { HostStrings } from './string-tables.js';

/**
 * Host strings by locale: what `addStrings` received, checked and frozen. It lives on `globalThis`
 * under a shared symbol, so two copies of dddk on a page (a CMS loading the script twice) read the
 * same strings, as they do the same controllers.
 */
interface StringRegistryState {
  /** Canonical locale tag → component → partial table, in the order they were added. */
  readonly byLocale: Map<string, Map<string, Record<string, unknown>>>;
  /** Bumped on every change, so string tables know their cached lookups are stale. */
  version: number;
  readonly listeners: Set<() => void>;
}

const REGISTRY_KEY = Symbol.for('dddk.string-registry.v1');

export function stringRegistry(): StringRegistryState {
  const holder = globalThis as { [REGISTRY_KEY]?: StringRegistryState };
  return (holder[REGISTRY_KEY] ??= { byLocale: new Map(), version: 0, listeners: new Set() });
}

/**
 * Adds or overrides the kit's strings for `locale` (a BCP 47 tag: `fr`, `zh-HK`, `en`), merging
 * deeply over anything added before for that locale. `strings` holds partial tables by component
 * (`{ palette: { placeholder: '…' }, subtitle: { close: '…' } }`); what it leaves out falls back
 * to the built-in text of the nearest locale. Throws a TypeError naming the first bad entry.
 * Elements pick the change up on their next render; `onStringsChange` tells when to re-render.
 */
export function addStrings(locale: string, strings: HostStrings): void {
  const call = 'addStrings(locale, strings)';
  const tag = canonicalTag(locale, `${call}: locale`);
  if (!isPlainObject(strings)) {
    throw new TypeError(`${call}: strings must be an object of tables by component, e.g. { palette: { placeholder: "…" } }; got ${describeValue(strings)}`);
  }
  const checked = new Map<string, Record<string, unknown>>();
  for (const [component, table] of Object.entries(strings)) {
    if (!/^[a-z][a-z0-9-]*$/.test(component)) {
      throw new TypeError(`${call}: strings.${component} is not a component name (lower-case words joined by "-", e.g. "palette")`);
    }
    if (table === undefined) continue;
    checked.set(component, checkTable(table, `strings.${component}`, call));
  }
  const { byLocale } = stringRegistry();
  const existing = byLocale.get(tag) ?? new Map<string, Record<string, unknown>>();
  for (const [component, table] of checked) {
    existing.set(component, deepFreeze(combine(existing.get(component), table)));
  }
  byLocale.set(tag, existing);
  changed();
}

/** Forgets the host strings of `locale`, or of every locale when called without one. */
export function clearStrings(locale?: string): void {
  const { byLocale } = stringRegistry();
  if (locale === undefined) byLocale.clear();
  else byLocale.delete(canonicalTag(locale, 'clearStrings(locale): locale'));
  changed();
}

/** Calls `listener` after every `addStrings` or `clearStrings`; returns the unsubscribe function. */
export function onStringsChange(listener: () => void): () => void {
  const { listeners } = stringRegistry();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The host's partial table for `component` under each locale that has one, in canonical tags. */
export function hostTablesFor(component: string): Map<string, Record<string, unknown>> {
  const tables = new Map<string, Record<string, unknown>>();
  for (const [tag, components] of stringRegistry().byLocale) {
    const table = components.get(component);
    if (table) tables.set(tag, table);
  }
  return tables;
}

function changed(): void {
  const state = stringRegistry();
  state.version += 1;
  for (const listener of [...state.listeners]) {
    try {
      listener();
    } catch (error) {
      console.error('dddk: a strings listener threw', error);
    }
  }
}

export function canonicalTag(locale: unknown, label: string): string {
  if (typeof locale !== 'string' || locale.trim() === '') {
    throw new TypeError(`${label} must be a BCP 47 language tag such as "fr" or "zh-HK", got ${describeValue(locale)}`);
  }
  try {
    return Intl.getCanonicalLocales(locale.trim().replace(/_/g, '-'))[0] ?? locale.trim();
  } catch {
    throw new RangeError(`${label} "${locale}" is not a valid BCP 47 language tag (e.g. "fr", "zh-HK")`);
  }
}

/** A copy of `table` whose every entry is text, a function or a group of those; throws naming the first that is not. */
function checkTable(table: unknown, path: string, call: string): Record<string, unknown> {
  if (!isPlainObject(table)) {
    throw new TypeError(`${call}: ${path} must be an object of strings, got ${describeValue(table)}`);
  }
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(table)) {
    const at = `${path}.${key}`;
    if (value === undefined) continue;
    if (typeof value === 'string' || typeof value === 'function') copy[key] = value;
    else if (isPlainObject(value)) copy[key] = checkTable(value, at, call);
    else throw new TypeError(`${call}: ${at} must be a string, a function or an object of strings, got ${describeValue(value)}`);
  }
  return copy;
}

function combine(before: Record<string, unknown> | undefined, after: Record<string, unknown>): Record<string, unknown> {
  if (!before) return after;
  const merged: Record<string, unknown> = { ...before };
  for (const [key, value] of Object.entries(after)) {
    const previous = merged[key];
    merged[key] = isPlainObject(previous) && isPlainObject(value) ? combine(previous, value) : value;
  }
  return merged;
}
