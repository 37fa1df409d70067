import { describeValue } from '../util/describe-value.js';
import { isPlainObject } from '../util/is-plain-object.js';

// The helper lives in core/util; it is exported here too for the modules that import it with the JSON checks.

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * Checks that `value` is a plain object whose content survives `JSON.stringify` unchanged
 * (so an analytics sink receives exactly what the host sent) and returns a deep copy of it.
 * Throws a TypeError that starts with `context` (the call) and names the path of the first
 * offending value, starting from `name` (the argument).
 */
export function toJsonObject(value: unknown, name: string, context: string): JsonObject {
  if (!isPlainObject(value)) {
    throw new TypeError(`${context}: ${name} must be a plain object, got ${describeValue(value)}`);
  }
  try {
    return copyJson(value, name, new Set()) as JsonObject;
  } catch (error) {
    if (error instanceof TypeError) throw new TypeError(`${context}: ${error.message}`);
    throw error;
  }
}

function copyJson(value: unknown, path: string, ancestors: Set<object>): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    throw jsonError(path, `${value} (JSON has no NaN or Infinity)`);
  }
  if (typeof value !== 'object') throw jsonError(path, describeValue(value));
  if (ancestors.has(value)) throw jsonError(path, 'a circular reference');

  ancestors.add(value);
  try {
    if (Array.isArray(value)) return value.map((item, index) => copyJson(item, `${path}[${index}]`, ancestors));
    if (!isPlainObject(value)) throw jsonError(path, describeValue(value));
    const copy: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      copy[key] = copyJson(item, `${path}${propertyPath(key)}`, ancestors);
    }
    return copy;
  } finally {
    ancestors.delete(value);
  }
}

function propertyPath(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

function jsonError(path: string, found: string): TypeError {
  return new TypeError(
    `${path} is ${found}; it must be JSON-serialisable (strings, finite numbers, booleans, null, arrays and plain objects)`,
  );
}
