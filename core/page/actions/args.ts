import { fail } from './results.js';
import type { ActionFailure } from './types.js';

/** Argument readers: each returns the value or a failure naming the argument and what it expects. */

export type ArgsObject = Record<string, unknown>;

export function asArgs(args: unknown): ArgsObject | ActionFailure {
  if (args === undefined || args === null) return {};
  if (typeof args !== 'object' || Array.isArray(args)) {
    return fail('invalid_arguments', 'The arguments must be a JSON object.');
  }
  return args as ArgsObject;
}

export function requiredString(args: ArgsObject, name: string, hint = ''): string | ActionFailure {
  const value = args[name];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value.trim() === '') {
    return fail('invalid_arguments', `"${name}" is required and must be a non-empty string${hint ? ` (${hint})` : ''}.`);
  }
  return value;
}

export function optionalString(args: ArgsObject, name: string): string | undefined | ActionFailure {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return fail('invalid_arguments', `"${name}" must be a string when given.`);
  return value;
}

/** Reads an optional number and checks it lies in [min, max]. */
export function optionalNumber(
  args: ArgsObject,
  name: string,
  min: number,
  max: number,
): number | undefined | ActionFailure {
  const raw = args[name];
  if (raw === undefined || raw === null) return undefined;
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return fail('invalid_arguments', `"${name}" must be a number between ${min} and ${max}.`);
  }
  if (value < min || value > max) {
    return fail('invalid_arguments', `"${name}" is ${value}; it must be between ${min} and ${max}.`);
  }
  return value;
}

export function optionalBoolean(args: ArgsObject, name: string): boolean | undefined | ActionFailure {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') return fail('invalid_arguments', `"${name}" must be true or false.`);
  return value;
}

export function optionalEnum<T extends string>(
  args: ArgsObject,
  name: string,
  allowed: readonly T[],
): T | undefined | ActionFailure {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    return fail('invalid_arguments', `"${name}" must be one of: ${allowed.join(', ')}.`);
  }
  return value as T;
}

/** A string or a list of strings, returned as a list. */
export function stringList(args: ArgsObject, name: string): string[] | ActionFailure {
  const value = args[name];
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const strings = list.map((item) => (typeof item === 'number' ? String(item) : item));
  if (strings.length === 0 || strings.some((item) => typeof item !== 'string')) {
    return fail('invalid_arguments', `"${name}" must be a string or a non-empty list of strings.`);
  }
  return strings as string[];
}
