import { LLMError, type CallLabel } from './errors.js';
import { findMessage, isRetryableStatus, truncate } from './error-text.js';

/**
 * The HTTP status each error `type` (or string `code`) stands for, as Anthropic, OpenAI and the
 * servers that copy them name their errors inside a stream.
 */
const STATUS_OF_TYPE = new Map<string, number>(Object.entries({
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  rate_limit_exceeded: 429,
  api_error: 500,
  server_error: 500,
  internal_error: 500,
  unavailable_error: 503,
  service_unavailable: 503,
  timeout_error: 504,
  overloaded_error: 529,
}));

/**
 * A failure the server reported inside its stream (`event: error`, or a chunk with an `error`
 * member) as the provider's error: the server's own message, and `retryable` from its status or
 * type (5xx, 429 and overloaded may pass on retry; a refused request will not). `error` is whatever
 * the server sent: an object, a string, or anything else.
 */
export function streamedError(label: CallLabel, error: unknown): LLMError {
  const record = (error && typeof error === 'object' && !Array.isArray(error) ? error : {}) as Record<string, unknown>;
  const type = typeof record.type === 'string' && record.type !== 'error' ? record.type : undefined;
  const codeName = typeof record.code === 'string' ? record.code : undefined;
  const status = httpStatus(record.code) ?? httpStatus(record.status) ?? STATUS_OF_TYPE.get(type ?? '') ?? STATUS_OF_TYPE.get(codeName ?? '');
  const retryable = status !== undefined && isRetryableStatus(status);
  const said = findMessage(error) ?? (error === undefined ? undefined : JSON.stringify(error));
  const what = truncate([type, codeName].find((name) => name !== undefined && STATUS_OF_TYPE.has(name)) ?? type ?? codeName ?? 'an error', 60);
  return new LLMError({
    kind: 'http',
    label,
    ...(status === undefined ? {} : { status }),
    problem: `the server reported ${what} in the stream: ${said ? truncate(said, 500) : 'no message'}`,
    fix: retryable ? 'Retry the call later.' : 'Check `model` and the call options.',
    retryable,
  });
}

/**
 * An `event: error` as the provider's error. Its data is `{"error": {...}}` (llama.cpp, Anthropic),
 * the error object itself, or text that is not JSON at all: the text is then the message.
 */
export function errorEvent(label: CallLabel, data: string): LLMError {
  let payload: unknown;
  try {
    payload = JSON.parse(data) as unknown;
  } catch {
    payload = data.trim() === '' ? undefined : data;
  }
  const inner = payload && typeof payload === 'object' ? (payload as Record<string, unknown>).error : undefined;
  return streamedError(label, inner ?? payload);
}

function httpStatus(value: unknown): number | undefined {
  const code = typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : value;
  return typeof code === 'number' && Number.isInteger(code) && code >= 400 && code <= 599 ? code : undefined;
}
