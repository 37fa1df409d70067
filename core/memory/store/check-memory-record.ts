import { describeValue } from '../../util/describe-value.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { MEMORY_AUTHORITIES, MEMORY_RECORD_VERSION, type MemoryRecord } from './memory-record.types.js';

const TIERS = ['core', 'episodic', 'drawer'];

/** Why `value` is not a memory record of the current format, or undefined when it is one. */
export function memoryRecordProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return `a memory must be an object, got ${describeValue(value)}`;
  if (typeof value['id'] !== 'string' || value['id'] === '') return `id must be a non-empty string, got ${describeValue(value['id'])}`;
  if (!TIERS.includes(value['tier'] as string)) return `tier must be one of ${TIERS.join(', ')}, got ${describeValue(value['tier'])}`;
  if (typeof value['text'] !== 'string') return `text must be a string, got ${describeValue(value['text'])}`;
  const source = value['source'];
  if (!isPlainObject(source) || !MEMORY_AUTHORITIES.includes(source['by'] as never)) return `source.by must be one of ${MEMORY_AUTHORITIES.join(', ')}, got ${describeValue(isPlainObject(source) ? source['by'] : source)}`;
  for (const name of ['createdAt', 'expiresAt'] as const) {
    const time = value[name];
    if ((name === 'createdAt' || time !== undefined) && (typeof time !== 'number' || !Number.isFinite(time))) return `${name} must be a time in ms since the epoch, got ${describeValue(time)}`;
  }
  for (const name of ['key', 'wing', 'room', 'supersedes'] as const) {
    if (value[name] !== undefined && typeof value[name] !== 'string') return `${name} must be a string, got ${describeValue(value[name])}`;
  }
  const derived = value['derivedFrom'];
  if (derived !== undefined && (!Array.isArray(derived) || derived.some((id) => typeof id !== 'string'))) return `derivedFrom must be an array of memory ids, got ${describeValue(derived)}`;
  const fields = value['fields'];
  if (fields !== undefined && (!isPlainObject(fields) || Object.values(fields).some((text) => typeof text !== 'string'))) return `fields must be an object of text by name, got ${describeValue(fields)}`;
  if (value['v'] !== MEMORY_RECORD_VERSION) return `v must be ${MEMORY_RECORD_VERSION}, got ${describeValue(value['v'])}`;
  return undefined;
}

/** `value` as a record, or a TypeError naming what is wrong with it. */
export function checkMemoryRecord(value: unknown, where: string): MemoryRecord {
  const problem = memoryRecordProblem(value);
  if (problem) throw new TypeError(`${where}: ${problem}`);
  return value as MemoryRecord;
}
