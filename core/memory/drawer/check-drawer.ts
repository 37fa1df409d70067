import { describeValue } from '../../util/describe-value.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import type { DrawerEntry, DrawerIndexOptions } from './drawer.types.js';

/** A drawer entry as given, checked field by field; a copy, so later changes by the caller do not reach the index. */
export function checkDrawerEntry(value: unknown, where: string): DrawerEntry {
  if (!isPlainObject(value)) throw new TypeError(`${where}: an entry must be an object { id, wing, room, text, at }, got ${describeValue(value)}`);
  for (const name of ['id', 'wing', 'room'] as const) {
    const field = value[name];
    if (typeof field !== 'string' || field.trim() === '') throw new TypeError(`${where}: entry.${name} must be a non-empty string, got ${describeValue(field)}`);
  }
  if (typeof value['text'] !== 'string') throw new TypeError(`${where}: entry.text must be a string (the words as said), got ${describeValue(value['text'])}`);
  const at = value['at'];
  if (typeof at !== 'number' || !Number.isFinite(at)) throw new TypeError(`${where}: entry.at must be a time in ms since the epoch (Date.now()), got ${describeValue(at)}`);
  const fields = value['fields'];
  if (fields !== undefined && (!isPlainObject(fields) || Object.values(fields).some((text) => typeof text !== 'string'))) {
    throw new TypeError(`${where}: entry.fields must be an object of text by name, e.g. { speaker: "Ada" }, got ${describeValue(fields)}`);
  }
  return {
    id: value['id'] as string,
    wing: value['wing'] as string,
    room: value['room'] as string,
    text: value['text'],
    at,
    ...(fields ? { fields: { ...(fields as Record<string, string>) } } : {}),
  };
}

export function checkDrawerOptions(options: DrawerIndexOptions): void {
  const where = 'createDrawerIndex(options)';
  if (!isPlainObject(options)) throw new TypeError(`${where}: options must be an object, got ${describeValue(options)}`);
  const { neighbours, recency, now } = options;
  if (neighbours !== undefined && (!Array.isArray(neighbours) || neighbours.some((share) => typeof share !== 'number' || !(share >= 0 && share <= 1)))) {
    throw new TypeError(`${where}: options.neighbours must be an array of shares from 0 to 1 by distance, e.g. [0.5, 0.35, 0.2], got ${describeValue(neighbours)}`);
  }
  if (recency !== undefined) {
    const valid = isPlainObject(recency) && typeof recency.weight === 'number' && recency.weight >= 0 && typeof recency.halfLifeDays === 'number' && recency.halfLifeDays > 0;
    if (!valid) throw new TypeError(`${where}: options.recency must be { weight: a number ≥ 0, halfLifeDays: a number > 0 }, got ${describeValue(recency)}`);
  }
  if (now !== undefined && typeof now !== 'function') throw new TypeError(`${where}: options.now must be a function returning ms since the epoch, got ${describeValue(now)}`);
}
