/**
 * The envelope read in one go with `JSON.parse`: the last resort for arguments a model wrapped in a
 * code fence, prose or a JSON string, and the reference the streaming parser must agree with.
 */
import type { EnvelopeEvent } from './types.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { aboutIds, actionEvent, describeSent, fieldEvent, isEnvelopeKey } from './validate.js';

function pushActionEvents(index: number, action: unknown, out: EnvelopeEvent[]): void {
  out.push({ type: 'action_start', index });
  if (isPlainObject(action)) {
    for (const key of Object.keys(action)) {
      const value = action[key];
      if (key === 'narrate' && typeof value === 'string') {
        if (value.length > 0) out.push({ type: 'narrate_delta', index, delta: value });
        out.push({ type: 'narrate_complete', index, text: value });
      } else if (key === 'about') {
        const ids = aboutIds(value);
        if (ids) out.push({ type: 'about', index, ids });
      }
    }
  }
  out.push(actionEvent(index, action));
}

/**
 * The events of a whole envelope already parsed (e.g. the arguments of a tool call that did not stream),
 * in the order of its keys; unknown keys are skipped.
 */
export function eventsFromEnvelopeValue(envelope: Record<string, unknown>): EnvelopeEvent[] {
  const out: EnvelopeEvent[] = [];
  for (const key of Object.keys(envelope)) {
    if (!isEnvelopeKey(key)) continue;
    const value = envelope[key];
    if (key === 'actions' && Array.isArray(value)) value.forEach((action, index) => pushActionEvents(index, action, out));
    else out.push(fieldEvent(key, value));
  }
  out.push({ type: 'envelope_complete' });
  return out;
}

function fencedContent(text: string): string | undefined {
  const match = /```[^\n`]*\n([\s\S]*?)(?:```|$)/.exec(text);
  return match?.[1];
}

function braceSpan(text: string): string | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start >= 0 && end > start ? text.slice(start, end + 1) : undefined;
}

/**
 * Finds the envelope object in `text`: the text itself, the inside of a markdown code fence, the span
 * from the first `{` to the last `}`, or a JSON string holding the object. Returns why not otherwise.
 */
export function recoverEnvelopeObject(text: string): { envelope: Record<string, unknown> } | { problem: string } {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { problem: 'the arguments were empty' };
  const candidates = [trimmed, fencedContent(trimmed)?.trim(), braceSpan(trimmed)];
  let problem: string | undefined;
  for (const candidate of new Set(candidates)) {
    if (!candidate) continue;
    try {
      let parsed: unknown = JSON.parse(candidate);
      if (typeof parsed === 'string') parsed = JSON.parse(parsed);
      if (isPlainObject(parsed)) return { envelope: parsed };
      problem ??= `the arguments are ${describeSent(parsed)}, not an object`;
    } catch (error) {
      problem ??= error instanceof Error ? error.message : String(error);
    }
  }
  return { problem: problem ?? 'no JSON object was found' };
}
