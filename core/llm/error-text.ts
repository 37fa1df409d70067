/**
 * How a failed provider call is put into words: an HTTP status explained with the config field to
 * check, the message found in an error body, a long text cut short. Only the providers' call code
 * uses these, so they load with it, apart from the `LLMError` class a page may test against.
 */
import { LLMError, type CallLabel } from './errors.js';

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
