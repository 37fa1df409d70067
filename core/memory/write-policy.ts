/**
 * What may become a memory, decided before anything is stored: the tier must be on; a page's text
 * never enters the profile; personal data is refused from the profile and cut out of the other
 * tiers; a profile field the visitor (or the host) set is not replaced by a model's inference or a
 * page; a value must fit its field's type.
 */
import { findPersonalData, redactPersonalData, type HostPattern } from './privacy/personal-data.js';
import type { MemoryRecord } from './store/memory-record.types.js';
import { AUTHORITY_RANK, type MemoryConfig, type MemoryRefusal, type RememberInput } from './memory.types.js';

export const MAX_MEMORY_TEXT = 4000;

export type ScreenedMemory = { ok: true; text: string; redacted: number; supersedes?: string } | MemoryRefusal;

const refuse = (reason: MemoryRefusal['reason'], message: string): MemoryRefusal => ({ ok: false, reason, message });

/** `current`: the memories in force now (not superseded), to compare a profile field against. */
export function screenMemory(input: RememberInput, config: MemoryConfig, current: readonly MemoryRecord[]): ScreenedMemory {
  if (!config[input.tier]) return refuse('tier-off', `the ${input.tier} memory is not turned on (memory.${input.tier} in the config)`);
  const text = input.text.trim();
  if (text === '') return refuse('invalid', 'there is nothing to remember: the text is empty');
  if (text.length > MAX_MEMORY_TEXT) return refuse('invalid', `a memory holds at most ${MAX_MEMORY_TEXT} characters; this one has ${text.length}`);
  const patterns: readonly HostPattern[] = config.privacy?.excludePatterns ?? [];
  if (input.tier !== 'core') {
    const redacted = redactPersonalData(text, patterns);
    return { ok: true, text: redacted.text, redacted: redacted.findings.length };
  }
  if (input.source.by === 'page') return refuse('page-in-core', "text read from a page is never taken into the visitor's profile; only what the visitor, the site or the assistant says is");
  const found = findPersonalData(text, patterns);
  if (found.length > 0) return refuse('personal-data', `the profile never keeps ${[...new Set(found.map((finding) => finding.pattern ?? finding.kind))].join(', ')}`);
  const schema = config.core!.schema;
  const field = input.key === undefined ? undefined : schema[input.key];
  if (!field) return refuse('invalid', `the profile has no field ${JSON.stringify(input.key)}; its fields are ${Object.keys(schema).join(', ') || 'none'}`);
  if (field.type === 'number' && !Number.isFinite(Number(text))) return refuse('invalid', `the profile field ${input.key} holds a number, not ${JSON.stringify(text.slice(0, 40))}`);
  if (field.type === 'boolean' && text !== 'true' && text !== 'false') return refuse('invalid', `the profile field ${input.key} holds true or false, not ${JSON.stringify(text.slice(0, 40))}`);
  const held = current.find((record) => record.tier === 'core' && record.key === input.key);
  if (held && AUTHORITY_RANK[held.source.by] > AUTHORITY_RANK[input.source.by]) {
    return refuse('outranked', `${held.source.by === 'visitor' ? 'the visitor' : 'the site'} set ${input.key} to ${JSON.stringify(held.text)}; ${input.source.by === 'model' ? "an inference" : 'a page'} does not replace it`);
  }
  return { ok: true, text, redacted: 0, ...(held ? { supersedes: held.id } : {}) };
}
