import { jsonError } from '../http/json-error.js';
import { scrubSecrets } from './scrub-secrets.js';

const MAX_ERROR_BODY_BYTES = 64 * 1024;
const MAX_MESSAGE_LENGTH = 500;

/** Reads at most `limit` bytes of a body as text, cancelling the rest. */
export async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let received = 0;
  try {
    while (received < limit) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      received += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel().catch(() => undefined);
  } catch {
    // A body cut mid-error: what arrived is enough to explain it.
  }
  return text.slice(0, limit);
}

/** The upstream's own words, from the error shapes real servers send; never its HTML. */
export function upstreamMessage(text: string, contentType: string): string | undefined {
  if (!/json/i.test(contentType) && !/^\s*[{[]/.test(text)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const record = (Array.isArray(parsed) ? parsed[0] : parsed) as Record<string, unknown> | undefined;
  const error = record?.error;
  const candidates = [
    typeof error === 'object' && error ? (error as Record<string, unknown>).message : undefined,
    typeof error === 'string' ? error : undefined,
    record?.message,
    record?.detail,
  ];
  const found = candidates.find((candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '');
  return found?.trim();
}

function quoted(message: string | undefined, secrets: readonly string[]): string {
  if (!message) return '';
  const clean = scrubSecrets(message, secrets).replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return `: ${clean.length > MAX_MESSAGE_LENGTH ? `${clean.slice(0, MAX_MESSAGE_LENGTH)}…` : clean}`;
}

/**
 * The kit's JSON error for an upstream's refusal, whatever the upstream sent (JSON, HTML, nothing):
 * its message quoted with every credential scrubbed, its status mapped to what the browser can act
 * on. A refused key is the server's problem, so it becomes 502, never a 401 the page would take for
 * its own session.
 */
export async function normalizeUpstreamError(upstream: Response, secrets: readonly string[]): Promise<Response> {
  const status = upstream.status;
  const contentType = upstream.headers.get('content-type') ?? '';
  const message = upstreamMessage(await readCapped(upstream.body, MAX_ERROR_BODY_BYTES), contentType);
  const retryAfter = upstream.headers.get('retry-after');
  const headers: Record<string, string> = retryAfter && /^\d{1,6}$/.test(retryAfter.trim()) ? { 'retry-after': retryAfter.trim() } : {};
  if (status === 401 || status === 403) {
    return jsonError(502, 'upstream_error', `The LLM endpoint refused the server's credentials (HTTP ${status}); check the API key the server is configured with.`, { retryable: false });
  }
  if (status === 429) return jsonError(429, 'rate_limited', `The LLM endpoint is rate limiting this server (HTTP 429)${quoted(message, secrets)}`, { headers });
  if (status >= 500) {
    return jsonError(status === 503 ? 503 : 502, 'upstream_error', `The LLM endpoint failed (HTTP ${status})${quoted(message, secrets)}`, { headers, retryable: true });
  }
  const html = !message && /html/i.test(contentType) ? ' with an HTML page' : '';
  return jsonError(status >= 400 && status < 500 ? status : 502, 'upstream_error', `The LLM endpoint refused the request (HTTP ${status})${html}${quoted(message, secrets)}`, { retryable: false });
}
