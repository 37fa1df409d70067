import { API_HEADERS } from './security-headers.js';

/** Machine-readable reasons a client can branch on; the message says what to do in words. */
export type ServerErrorCode =
  | 'bad_request'
  | 'body_too_large'
  | 'unsupported_media_type'
  | 'method_not_allowed'
  | 'not_found'
  | 'host_refused'
  | 'origin_refused'
  | 'session_required'
  | 'session_expired'
  | 'session_invalid'
  | 'forbidden'
  | 'rate_limited'
  | 'too_many_streams'
  | 'not_configured'
  | 'model_not_allowed'
  | 'request_refused'
  | 'upstream_error'
  | 'upstream_timeout'
  | 'upstream_unreachable'
  | 'precondition_failed'
  | 'precondition_required'
  | 'edit_refused'
  | 'storage_error'
  | 'internal_error';

/**
 * The kit's one error body, in the shape OpenAI-compatible clients already parse:
 * `{ error: { message, type, code, status, retryable } }`.
 */
export interface ServerErrorBody {
  readonly error: {
    readonly message: string;
    readonly type: 'dddk_server_error';
    readonly code: ServerErrorCode;
    readonly status: number;
    readonly retryable: boolean;
  };
}

export interface JsonErrorOptions {
  readonly headers?: Readonly<Record<string, string>>;
  /** Defaults to true for 429, 502, 503 and 504. */
  readonly retryable?: boolean;
  /** Extra top-level fields (a page's current ETag, say). */
  readonly extra?: Readonly<Record<string, unknown>>;
}

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

export function jsonError(status: number, code: ServerErrorCode, message: string, options: JsonErrorOptions = {}): Response {
  const body: ServerErrorBody = {
    error: { message, type: 'dddk_server_error', code, status, retryable: options.retryable ?? RETRYABLE_STATUSES.has(status) },
  };
  return jsonResponse(status, { ...body, ...options.extra }, options.headers);
}

export function jsonResponse(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...API_HEADERS, 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
