import type { ActionFailure, ActionFailureCode, ActionSuccess, NavigationRecord } from './types.js';

export function succeed<T>(message: string, data?: T, navigation?: NavigationRecord): ActionSuccess<T> {
  const result: ActionSuccess<T> = { ok: true, message };
  if (data !== undefined) result.data = data;
  if (navigation) result.navigation = navigation;
  return result;
}

export function fail(code: ActionFailureCode, message: string): ActionFailure {
  return { ok: false, code, message };
}

export function isFailure(value: unknown): value is ActionFailure {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}

export const cancelled = (what: string): ActionFailure =>
  fail('cancelled', `${what} was cancelled before it finished; nothing more was done.`);

/** Converts an unexpected exception into a failure the model can read, without a stack trace. */
export function unexpected(action: string, error: unknown): ActionFailure {
  const detail = error instanceof Error ? error.message : String(error);
  return fail('unknown', `${action} failed unexpectedly: ${detail.slice(0, 200)}. Try another approach.`);
}
