import type { LLMErrorKind } from './types.js';
import { DddkError } from '../util/dddk-error.js';

/** Who made the call, for error messages: `openai-compatible(gpt-4o-mini)`. */
export interface CallLabel {
  provider: string;
  model: string;
}

export function describeCall(label: CallLabel): string {
  return `${label.provider}(${label.model})`;
}

export interface LLMErrorInit {
  kind: LLMErrorKind;
  label: CallLabel;
  /** What went wrong, without the provider prefix. */
  problem: string;
  /** What to change, naming the config field when there is one. */
  fix?: string;
  status?: number;
  retryable?: boolean;
  retryAfterMs?: number;
  cause?: unknown;
}

/**
 * The one error every provider call fails with. `kind` says which layer failed, `retryable` whether
 * sending the same request again may succeed, and the message names the config field to change.
 */
export class LLMError extends DddkError<'llm'> {
  override readonly name = 'LLMError';
  /** The class's code; `kind` says which layer failed. */
  readonly code = 'llm';
  readonly kind: LLMErrorKind;
  readonly status?: number;
  readonly retryable: boolean;
  /** The provider's label without the model, e.g. `anthropic`. */
  readonly provider: string;
  readonly model: string;
  /** How long the server asked to wait before retrying, when it said so. */
  readonly retryAfterMs?: number;
  /** The message's two halves: what went wrong, and what to change. */
  readonly problem: string;
  readonly fix?: string;

  constructor(init: LLMErrorInit) {
    const fix = init.fix ? ` ${init.fix}` : '';
    super(`${describeCall(init.label)}: ${init.problem}.${fix}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.provider = init.label.provider;
    this.model = init.label.model;
    this.retryable = init.retryable ?? defaultRetryable(init.kind);
    this.problem = init.problem;
    if (init.fix !== undefined) this.fix = init.fix;
    if (init.status !== undefined) this.status = init.status;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }
}

function defaultRetryable(kind: LLMErrorKind): boolean {
  return kind === 'network' || kind === 'timeout';
}

/** Also true for an LLMError from another copy of this module (a page that loads the kit twice). */
export function isLLMError(value: unknown): value is LLMError {
  if (value instanceof LLMError) return true;
  return value instanceof Error && value.name === 'LLMError' && typeof (value as Partial<LLMError>).kind === 'string' && typeof (value as Partial<LLMError>).retryable === 'boolean';
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || (status >= 500 && status <= 599);
}

/** The error for a non-2xx answer, phrased for whoever configures the provider. */
export function httpError(label: CallLabel, status: number, serverMessage: string | undefined, retryAfterMs?: number): LLMError {
  const said = serverMessage ? `: ${serverMessage}` : '';
  const [problem, fix] = explainStatus(status);
  return new LLMError({
    kind: 'http',
    label,
    status,
    problem: `${problem} (HTTP ${status})${said}`,
    fix,
    retryable: isRetryableStatus(status),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

function explainStatus(status: number): [problem: string, fix: string] {
  switch (status) {
    case 400:
    case 422:
      return ['the server rejected the request', 'Check `model` and the call options (messages, tools, toolChoice, jsonMode, thinking).'];
    case 401:
      return ['the server refused the API key', 'Check `apiKey`.'];
    case 403:
      return ['the API key may not use this model or endpoint', 'Check `apiKey` and `model`.'];
    case 404:
      return ['the endpoint or model was not found', 'Check `baseURL` and `model`.'];
    case 408:
      return ['the server timed out waiting for the request', 'Retry later or raise `maxRetries`.'];
    case 409:
      return ['the server reported a conflict', 'Retry later or raise `maxRetries`.'];
    case 413:
      return ['the request is too large for the server', 'Send fewer or shorter messages, or smaller images.'];
    case 429:
      return ['the server is rate limiting requests', 'Retry later, or raise `maxRetries` / `maxRetryDelayMs`.'];
    default:
      if (status >= 500) return ['the server failed', 'Retry later or raise `maxRetries`.'];
      return ['the server refused the request', 'Check `baseURL`, `apiKey` and `model`.'];
  }
}

/** Extracts a readable message from a provider error body: `{error:{message}}`, `{error:"…"}`, `{message}` or text. */
export function errorMessageFromBody(body: string): string | undefined {
  const text = body.trim();
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    const found = findMessage(parsed);
    if (found) return truncate(found, 500);
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return truncate(text.replace(/\s+/g, ' '), 300);
}

export function findMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (record.error !== undefined) {
    const inner = findMessage(record.error);
    if (inner) return inner;
  }
  if (typeof record.message === 'string') return record.message;
  if (typeof record.detail === 'string') return record.detail;
  return undefined;
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
