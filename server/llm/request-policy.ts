import type { LlmLimits } from './llm-limits.js';
import type { LlmUpstream } from './llm-upstream.js';

/** The request body to forward, or why it is refused (a 400/403 message a developer can act on). */
export type PolicyOutcome =
  | { readonly ok: true; readonly body: Record<string, unknown>; readonly model: string; readonly stream: boolean }
  | { readonly ok: false; readonly status: 400 | 403; readonly code: 'bad_request' | 'model_not_allowed' | 'request_refused'; readonly message: string };

/** The models a visitor may name: a list, or `models(…)` answered by the upstream's own list. */
export interface ModelChoice {
  /** The allowed model ids; the first is the default for a request that names none. */
  readonly allowed: readonly string[];
}

const OPENAI_FIELDS = new Set([
  'model', 'messages', 'stream', 'stream_options', 'temperature', 'top_p', 'max_tokens', 'max_completion_tokens', 'stop',
  'tools', 'tool_choice', 'parallel_tool_calls', 'response_format', 'seed', 'presence_penalty', 'frequency_penalty',
  'reasoning_effort', 'n', 'logprobs', 'top_logprobs', 'user',
]);
const ANTHROPIC_FIELDS = new Set([
  'model', 'messages', 'system', 'max_tokens', 'stream', 'temperature', 'top_p', 'top_k', 'stop_sequences', 'tools',
  'tool_choice', 'thinking', 'metadata',
]);

function refuse(status: 400 | 403, code: 'bad_request' | 'model_not_allowed' | 'request_refused', message: string): PolicyOutcome {
  return { ok: false, status, code, message };
}

function parseJson(bytes: Uint8Array): Record<string, unknown> | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return 'The request body is not valid UTF-8 JSON.';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'The request body must be a JSON object.';
  return parsed as Record<string, unknown>;
}

function checkCount(value: unknown, name: string, max: number): string | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return `\`${name}\` must be an array.`;
  if (value.length > max) return `\`${name}\` has ${value.length} entries; this server allows ${max}.`;
  return undefined;
}

function checkInteger(value: unknown, name: string, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Number.isSafeInteger(value) || (value as number) < 0) return `\`${name}\` must be a non-negative integer.`;
  if ((value as number) > max) return `\`${name}\` is ${String(value)}; this server allows at most ${max}.`;
  return undefined;
}

/**
 * Checks a chat request against the server's policy: only known fields are forwarded, the model is
 * one the server allows, and every field that multiplies the cost is capped. A request that names
 * no output cap gets the server's, so no request runs to the model's maximum unasked.
 */
export function applyRequestPolicy(bytes: Uint8Array, kind: LlmUpstream['kind'], models: ModelChoice, limits: LlmLimits): PolicyOutcome {
  const body = parseJson(bytes);
  if (typeof body === 'string') return refuse(400, 'bad_request', body);
  const known = kind === 'anthropic' ? ANTHROPIC_FIELDS : OPENAI_FIELDS;
  const unknown = Object.keys(body).filter((field) => !known.has(field) && !limits.extraFields.includes(field));
  if (unknown.length > 0) {
    return refuse(400, 'request_refused', `This server does not forward the field${unknown.length > 1 ? 's' : ''} ${unknown.slice(0, 5).map((f) => `"${f.slice(0, 40)}"`).join(', ')}; remove ${unknown.length > 1 ? 'them' : 'it'}, or list ${unknown.length > 1 ? 'them' : 'it'} in limits.extraFields on the server.`);
  }
  const model = body.model === undefined ? models.allowed[0] : body.model;
  if (typeof model !== 'string' || model === '') return refuse(400, 'bad_request', 'Name a model in `model`: this server has no default model.');
  if (!models.allowed.includes(model)) {
    return refuse(403, 'model_not_allowed', `The model "${model.slice(0, 80)}" is not allowed on this server; use one of: ${models.allowed.slice(0, 10).join(', ') || 'none configured'}.`);
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) return refuse(400, 'bad_request', '`messages` must be a non-empty array.');
  const problem =
    checkCount(body.messages, 'messages', limits.maxMessages) ??
    checkCount(body.tools, 'tools', limits.maxTools) ??
    checkInteger(body.max_tokens, 'max_tokens', limits.maxOutputTokens) ??
    checkInteger(body.max_completion_tokens, 'max_completion_tokens', limits.maxOutputTokens) ??
    checkInteger(body.n, 'n', limits.maxChoices) ??
    checkInteger(body.top_logprobs, 'top_logprobs', limits.maxTopLogprobs) ??
    (body.logprobs === true && limits.maxTopLogprobs === 0 ? '`logprobs` is not allowed on this server.' : undefined);
  if (problem) return refuse(400, 'request_refused', problem);
  if (body.stream !== undefined && typeof body.stream !== 'boolean') return refuse(400, 'bad_request', '`stream` must be true or false.');
  const forwarded: Record<string, unknown> = { ...body, model };
  if (forwarded.max_tokens === undefined && forwarded.max_completion_tokens === undefined) {
    // Reasoning models on OpenAI refuse `max_tokens`; a request with an effort is one for such a model.
    forwarded[kind === 'openai' && body.reasoning_effort !== undefined ? 'max_completion_tokens' : 'max_tokens'] = limits.maxOutputTokens;
  }
  const stream = body.stream === true;
  if (stream && kind === 'openai') forwarded.stream_options = { ...(isObject(body.stream_options) ? body.stream_options : {}), include_usage: true };
  return { ok: true, body: forwarded, model, stream };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
