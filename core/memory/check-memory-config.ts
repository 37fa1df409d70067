import { describeValue } from '../util/describe-value.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { MemoryConfig } from './memory.types.js';

const TIERS = ['core', 'episodic', 'drawer', 'semantic', 'privacy'];
const FIELD_TYPES = ['text', 'number', 'boolean'];

const positive = (value: unknown) => value === undefined || (typeof value === 'number' && Number.isInteger(value) && value > 0);

/** The memory config checked field by field; a TypeError names the field to fix. */
export function checkMemoryConfig(config: unknown): MemoryConfig {
  const where = 'memory';
  if (!isPlainObject(config)) throw new TypeError(`${where} must be an object of the tiers to turn on (core, episodic, drawer) and privacy, got ${describeValue(config)}`);
  const unknown = Object.keys(config).find((key) => !TIERS.includes(key));
  if (unknown) throw new TypeError(`${where}.${unknown} is not a field; the fields are ${TIERS.join(', ')}`);
  const { core, episodic, drawer, semantic, privacy } = config as MemoryConfig;
  if (semantic !== undefined) {
    const provider = isPlainObject(semantic) ? (semantic.provider as unknown as Record<string, unknown> | undefined) : undefined;
    if (!provider || ['add', 'remove', 'search'].some((name) => typeof provider[name] !== 'function')) {
      throw new TypeError(`${where}.semantic.provider must be a MemoryProvider { add, remove, search } (the host's vector store), got ${describeValue(provider)}`);
    }
    if (semantic.weight !== undefined && !(typeof semantic.weight === 'number' && semantic.weight >= 0 && semantic.weight <= 1)) throw new TypeError(`${where}.semantic.weight must be a number from 0 to 1, got ${describeValue(semantic.weight)}`);
    for (const field of ['topK', 'timeoutMs'] as const) {
      if (!positive(semantic[field])) throw new TypeError(`${where}.semantic.${field} must be a positive whole number, got ${describeValue(semantic[field])}`);
    }
  }
  if (core !== undefined) {
    if (!isPlainObject(core) || !isPlainObject(core.schema)) throw new TypeError(`${where}.core must be { schema: { field: { type } }, maxBytes? }, got ${describeValue(core)}`);
    for (const [name, field] of Object.entries(core.schema)) {
      if (!/^[a-z][a-zA-Z0-9_]{0,39}$/.test(name)) throw new TypeError(`${where}.core.schema.${name}: a field name is a lower-case letter, then letters, digits or _ (at most 40)`);
      if (!isPlainObject(field) || !FIELD_TYPES.includes(field.type as string)) throw new TypeError(`${where}.core.schema.${name}.type must be one of ${FIELD_TYPES.join(', ')}, got ${describeValue((field as { type?: unknown })?.type)}`);
    }
    if (!positive(core.maxBytes)) throw new TypeError(`${where}.core.maxBytes must be a positive whole number of bytes, got ${describeValue(core.maxBytes)}`);
  }
  for (const [name, tier, fields] of [['episodic', episodic, ['retentionDays', 'max', 'replay']], ['drawer', drawer, ['retentionDays', 'recallTop']]] as const) {
    if (tier === undefined) continue;
    if (!isPlainObject(tier)) throw new TypeError(`${where}.${name} must be an object (${fields.join(', ')}, each optional), got ${describeValue(tier)}`);
    for (const field of fields) {
      if (!positive((tier as Record<string, unknown>)[field])) throw new TypeError(`${where}.${name}.${field} must be a positive whole number, got ${describeValue((tier as Record<string, unknown>)[field])}`);
    }
  }
  if (privacy !== undefined) {
    if (!isPlainObject(privacy)) throw new TypeError(`${where}.privacy must be an object, got ${describeValue(privacy)}`);
    if (privacy.requireConsent !== undefined && typeof privacy.requireConsent !== 'boolean') throw new TypeError(`${where}.privacy.requireConsent must be true or false, got ${describeValue(privacy.requireConsent)}`);
    const patterns = privacy.excludePatterns;
    if (patterns !== undefined && (!Array.isArray(patterns) || patterns.some((entry) => !isPlainObject(entry) || typeof entry.name !== 'string' || !(entry.pattern instanceof RegExp)))) {
      throw new TypeError(`${where}.privacy.excludePatterns must be an array of { name, pattern: RegExp }, got ${describeValue(patterns)}`);
    }
  }
  return config as MemoryConfig;
}
