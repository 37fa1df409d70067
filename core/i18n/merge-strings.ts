import { isPlainObject } from '../util/is-plain-object.js';

/** A problem found while laying host strings over a built-in table; `path` names the entry. */
export interface StringMergeProblem {
  path: string;
  message: string;
}

/**
 * `base` with `overrides` laid over it, deeply, without changing either. Each override must keep
 * the kind of the entry it replaces (text, function, group); a template string may replace a
 * function. An entry the base lacks is added when it is text (e.g. a label for a notice type the
 * built-in table leaves out). Entries that fit nowhere are skipped and reported through `onProblem`.
 */
export function mergeStrings<Table>(
  base: Table,
  overrides: unknown,
  path: string,
  onProblem: (problem: StringMergeProblem) => void,
): Table {
  if (!isPlainObject(overrides)) return base;
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides)) {
    const at = `${path}.${key}`;
    const current = merged[key];
    if (value === undefined) continue;
    if (current === undefined) {
      if (typeof value === 'string') merged[key] = value;
      else onProblem({ path: at, message: `${at} is not an entry of the built-in table, and only text can be added` });
    } else if (typeof current === 'string') {
      if (typeof value === 'string') merged[key] = value;
      else onProblem({ path: at, message: `${at} must be text` });
    } else if (typeof current === 'function') {
      if (typeof value === 'function') merged[key] = value;
      else if (typeof value === 'string') merged[key] = fromTemplate(value);
      else onProblem({ path: at, message: `${at} must be a function or a template string with {0}, {1}… for its arguments` });
    } else if (isPlainObject(current)) {
      if (isPlainObject(value)) merged[key] = mergeStrings(current, value, at, onProblem);
      else onProblem({ path: at, message: `${at} must be an object of strings` });
    }
  }
  return merged as Table;
}

/** A function that fills `{0}`, `{1}`… in `template` with its arguments; unknown indexes stay as written. */
export function fromTemplate(template: string): (...args: unknown[]) => string {
  return (...args) => template.replace(/\{(\d+)\}/g, (placeholder, index: string) => {
    const position = Number(index);
    return position < args.length ? String(args[position]) : placeholder;
  });
}
