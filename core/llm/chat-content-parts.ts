import { truncate } from './error-text.js';
import type { StreamEvent } from './types.js';

/**
 * Chat Completions `content` as servers really send it: a string (OpenAI), or an array of parts
 * (Mistral's reasoning models, some gateways): `text` / `output_text` parts are the answer,
 * `thinking` / `reasoning` parts the reasoning, `refusal` parts a refusal said as text. A part of
 * another type, or one that cannot be read, is skipped with a `debug` event; nothing here throws.
 */
export function pushContent(content: unknown, out: StreamEvent[]): void {
  if (content === undefined || content === null) return;
  if (typeof content === 'string') {
    if (content) out.push({ type: 'text-delta', text: content });
    return;
  }
  const parts = Array.isArray(content) ? content : [content];
  for (const part of parts) pushPart(part, out);
}

const TEXT_PARTS = new Set(['text', 'output_text']);
const REASONING_PARTS = new Set(['thinking', 'reasoning', 'reasoning_text', 'reasoning_content']);
/** Where a reasoning part keeps its text, in the order they are looked at. */
const REASONING_FIELDS = ['thinking', 'reasoning', 'text', 'content', 'summary'] as const;

function pushPart(part: unknown, out: StreamEvent[]): void {
  if (typeof part === 'string') {
    if (part) out.push({ type: 'text-delta', text: part });
    return;
  }
  if (!part || typeof part !== 'object' || Array.isArray(part)) {
    skip(out, `a content part that is ${Array.isArray(part) ? 'an array' : part === null ? 'null' : `a ${typeof part}`}`);
    return;
  }
  const record = part as Record<string, unknown>;
  const type = typeof record.type === 'string' ? record.type : undefined;
  if (type !== undefined && TEXT_PARTS.has(type)) {
    if (typeof record.text === 'string') {
      if (record.text) out.push({ type: 'text-delta', text: record.text });
    } else skip(out, `a "${type}" content part without a text string`);
    return;
  }
  if (type === 'refusal') {
    if (typeof record.refusal === 'string') {
      if (record.refusal) out.push({ type: 'text-delta', text: record.refusal });
    } else skip(out, 'a "refusal" content part without a refusal string');
    return;
  }
  if (type !== undefined && REASONING_PARTS.has(type)) {
    const text = reasoningText(record);
    if (text === undefined) skip(out, `a "${type}" content part whose text could not be read`);
    else if (text) out.push({ type: 'thinking-delta', text });
    return;
  }
  skip(out, type === undefined ? 'a content part without a type' : `a content part of type ${JSON.stringify(truncate(type, 60))}`);
}

/** The text of a reasoning part: a string field, or an array of text parts (Mistral nests them). */
function reasoningText(part: Record<string, unknown>): string | undefined {
  for (const field of REASONING_FIELDS) {
    const value = part[field];
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return nestedText(value);
  }
  return undefined;
}

/** `[{ type: 'text', text }, …]` or strings, one level deep; undefined when none of it is text. */
function nestedText(items: unknown[]): string | undefined {
  let text: string | undefined = items.length === 0 ? '' : undefined;
  for (const item of items) {
    const piece = typeof item === 'string' ? item : item && typeof item === 'object' ? (item as Record<string, unknown>).text : undefined;
    if (typeof piece === 'string') text = (text ?? '') + piece;
  }
  return text;
}

function skip(out: StreamEvent[], what: string): void {
  out.push({ type: 'debug', reason: 'skipped-part', detail: `skipped ${what}` });
}
