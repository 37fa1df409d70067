/**
 * The envelope's type rules, shared by the streaming parser and the one-shot recovery: each parsed
 * value becomes either its event or an `*_invalid` event whose reason tells the model what to fix.
 */
import { isPlainObject } from '../../util/is-plain-object.js';
import type { EnvelopeAction, EnvelopeEvent, EnvelopeField, EnvelopeKey, TurnPlanning } from './types.js';

export const ENVELOPE_FIELDS: readonly EnvelopeField[] = ['memory', 'turn_planning', 'todo_adjust', 'todos_remaining', 'is_final'];

export function isEnvelopeKey(key: string): key is EnvelopeKey {
  return key === 'actions' || (ENVELOPE_FIELDS as readonly string[]).includes(key);
}

/**
 * A short phrase naming what the model sent, e.g. `the number 3`, `an empty string`: worded for
 * the model's retry, where `describeValue` (core/util) is worded for a host reading an error.
 */
export function describeSent(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string': {
      if (value === '') return 'an empty string';
      const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
      return `the string ${JSON.stringify(shown)}`;
    }
    case 'number':
      return `the number ${value}`;
    case 'boolean':
      return `${value}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/** The element ids of an `about` value, or undefined when it is not an array of strings. */
export function aboutIds(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((id) => typeof id === 'string') ? (value as string[]) : undefined;
}

function invalidField(key: EnvelopeKey, reason: string): EnvelopeEvent {
  return { type: 'field_invalid', key, reason };
}

function checkStringArray(key: string, value: unknown): string | undefined {
  if (!Array.isArray(value)) return `"${key}" must be an array of strings; got ${describeSent(value)}.`;
  const bad = value.findIndex((item) => typeof item !== 'string');
  return bad < 0 ? undefined : `"${key}[${bad}]" must be a string; got ${describeSent(value[bad])}.`;
}

function checkTurnPlanning(value: unknown): TurnPlanning | string {
  if (!isPlainObject(value)) {
    return `"turn_planning" must be an object with the strings "evaluation_previous_goal" and "next_goal"; got ${describeSent(value)}.`;
  }
  const planning: TurnPlanning = { evaluation_previous_goal: '', next_goal: '' };
  for (const name of ['evaluation_previous_goal', 'next_goal'] as const) {
    const part = value[name];
    if (part === undefined) continue;
    if (typeof part !== 'string') return `"turn_planning.${name}" must be a string; got ${describeSent(part)}.`;
    planning[name] = part;
  }
  return planning;
}

/**
 * The event for a top-level value: its own event when the type is right, `field_invalid` otherwise.
 * `actions` only comes here when it is not an array (an array is streamed action by action).
 */
export function fieldEvent(key: EnvelopeKey, value: unknown): EnvelopeEvent {
  switch (key) {
    case 'memory':
      return typeof value === 'string'
        ? { type: 'memory', value }
        : invalidField(key, `"memory" must be a string of notes for your next turn; got ${describeSent(value)}.`);
    case 'turn_planning': {
      const planning = checkTurnPlanning(value);
      return typeof planning === 'string' ? invalidField(key, planning) : { type: 'turn_planning', value: planning };
    }
    case 'todo_adjust':
      return { type: 'todo_adjust', value };
    case 'todos_remaining': {
      const problem = checkStringArray('todos_remaining', value);
      return problem ? invalidField(key, problem) : { type: 'todos_remaining', value: value as string[] };
    }
    case 'is_final':
      return typeof value === 'boolean'
        ? { type: 'is_final', value }
        : invalidField(key, `"is_final" must be true or false; got ${describeSent(value)}.`);
    case 'actions':
      return invalidField(key, `"actions" must be an array of action objects; got ${describeSent(value)}.`);
  }
}

export function duplicateFieldEvent(key: EnvelopeKey): EnvelopeEvent {
  return invalidField(key, `"${key}" appears more than once in the object; only its first value was used. Send each key once.`);
}

function checkAction(index: number, value: unknown): EnvelopeAction | string {
  const at = `actions[${index}]`;
  if (!isPlainObject(value)) return `${at} must be an object with "tool" and "args"; got ${describeSent(value)}.`;
  const { tool, args = {}, about = [], narrate = '' } = value;
  if (tool === undefined) return `${at} has no "tool": add the name of the tool to run.`;
  if (typeof tool !== 'string' || tool.trim() === '') {
    return `${at}.tool must be the name of a tool as a non-empty string; got ${describeSent(tool)}.`;
  }
  if (!isPlainObject(args)) return `${at}.args must be an object holding the arguments of "${tool}"; got ${describeSent(args)}.`;
  if (!Array.isArray(about)) return `${at}.about must be an array of element id strings; got ${describeSent(about)}.`;
  const badId = about.findIndex((id) => typeof id !== 'string');
  if (badId >= 0) return `${at}.about[${badId}] must be an element id string; got ${describeSent(about[badId])}.`;
  if (typeof narrate !== 'string') return `${at}.narrate must be a string; got ${describeSent(narrate)}.`;
  return { narrate, about: about as string[], tool, args };
}

/** `action_complete` for an action that can run, `action_invalid` with the model-facing reason otherwise. */
export function actionEvent(index: number, value: unknown): EnvelopeEvent {
  const checked = checkAction(index, value);
  return typeof checked === 'string' ? { type: 'action_invalid', index, reason: checked } : { type: 'action_complete', index, action: checked };
}

export function duplicateActionKeyEvent(index: number, key: string): EnvelopeEvent {
  return { type: 'action_invalid', index, reason: `actions[${index}] has the key ${JSON.stringify(key)} more than once; send each key once.` };
}
