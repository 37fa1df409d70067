import { isPlainObject } from '../../util/is-plain-object.js';
import { promptSources } from '../prompt-sources.js';
import type { RunScope } from './run-scope.js';

/** The sources a template may read while the skill runs: the selection, the page, the skill's own settings. */
export function runSources(scope: RunScope): Record<string, string> {
  const { ports, preferences } = scope.core;
  const page = ports.page();
  return promptSources({
    ...optional('selection', ports.selection()),
    ...optional('pageTitle', page.title),
    ...optional('pageUrl', page.url),
    preferences: { fields: scope.skill.preferences ?? [], values: preferences.read(scope.skill) },
  });
}

/** Kept results and submitted fields as template values: `{ contact: { email } }` gives `contact.email`. */
export function flattenValues(values: Readonly<Record<string, unknown>>, prefix = '', depth = 0): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const key = `${prefix}${name}`;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') flat[key] = String(value);
    else if (isPlainObject(value) && depth < 4) Object.assign(flat, flattenValues(value, `${key}.`, depth + 1));
  }
  return flat;
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return typeof value === 'string' ? ({ [key]: value } as Record<K, string>) : {};
}
