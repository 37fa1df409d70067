import { jsonError, jsonResponse } from '../http/json-error.js';
import { API_HEADERS } from '../http/security-headers.js';
import type { LlmTimeouts } from './llm-limits.js';
import { upstreamHeaders, upstreamUrl, type LlmUpstream } from './llm-upstream.js';
import type { LlmUsageReport } from './llm-usage.js';
import { scrubSecrets } from './scrub-secrets.js';
import { relayEvents } from './stream-relay.js';
import { normalizeUpstreamError, readCapped } from './upstream-errors.js';
import { readUsage, type TokenUsage } from './usage-tap.js';

type CallEnd = Pick<LlmUsageReport, 'status' | 'outcome' | 'inputTokens' | 'outputTokens' | 'firstByteMs'>;

export interface ChatCall {
  /** The browser's request signal: its leaving aborts the upstream. */
  readonly signal: AbortSignal;
  readonly started: number;
  /** Called once when the answer has been delivered, refused or cut. */
  onEnd(end: CallEnd): void;
}

export interface UpstreamCaller {
  chat(body: Record<string, unknown>, call: ChatCall): Promise<Response>;
  listModels(): Promise<unknown>;
}

interface CallerDeps {
  readonly upstream: LlmUpstream;
  readonly base: URL;
  readonly secrets: readonly string[];
  readonly timeouts: LlmTimeouts;
  readonly fetch: typeof fetch | undefined;
  readonly onError: ((error: unknown) => void) | undefined;
}

/** A whole (non-streamed) answer larger than this is refused rather than held. */
const MAX_JSON_ANSWER_BYTES = 16 * 1024 * 1024;
const FORWARDED_HEADERS = ['x-request-id', 'request-id'];

function streamHeaders(upstream: Response): Record<string, string> {
  const headers: Record<string, string> = { ...API_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' };
  for (const name of FORWARDED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value && /^[\w.-]{1,128}$/.test(value)) headers[name] = value;
  }
  return headers;
}

function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'error';
}

/** Calls the upstream with the server's credentials and turns what comes back into the browser's answer. */
export function createUpstreamCaller(deps: CallerDeps): UpstreamCaller {
  const { upstream, base, secrets, timeouts } = deps;
  const send = (url: URL, init: RequestInit) => (deps.fetch ?? globalThis.fetch)(url, { ...init, redirect: 'manual' });

  async function chat(body: Record<string, unknown>, call: ChatCall): Promise<Response> {
    const aborter = new AbortController();
    const abort = (reason: string) => aborter.abort(new Error(reason));
    const onLeave = () => abort('the browser left');
    call.signal.addEventListener('abort', onLeave, { once: true });
    const firstByte = setTimeout(() => abort('first byte timeout'), timeouts.firstByteMs);
    const finish = (end: CallEnd) => {
      call.signal.removeEventListener('abort', onLeave);
      call.onEnd(end);
    };
    let answer: Response;
    try {
      answer = await send(upstreamUrl(base, upstream, 'chat'), { method: 'POST', headers: upstreamHeaders(upstream, base, true), body: JSON.stringify(body), signal: aborter.signal });
    } catch (error) {
      return failedCall(error, call, finish);
    } finally {
      clearTimeout(firstByte);
    }
    const firstByteMs = Date.now() - call.started;
    if (!answer.ok || answer.status >= 300) {
      const response = answer.status >= 300 && answer.status < 400
        ? jsonError(502, 'upstream_error', `The LLM endpoint answered with a redirect (HTTP ${answer.status}); set the server's upstream base URL to where it leads.`)
        : await normalizeUpstreamError(answer, secrets);
      finish({ status: response.status, outcome: 'upstream_error', firstByteMs });
      return response;
    }
    const usage: TokenUsage = {};
    const type = answer.headers.get('content-type') ?? '';
    if (/^text\/event-stream/i.test(type) && answer.body) {
      const relayed = relayEvents(answer.body, {
        secrets,
        idleMs: timeouts.idleMs,
        deadline: call.started + timeouts.totalMs,
        usage,
        browserLeft: () => call.signal.aborted,
        abortUpstream: abort,
        onEnd: (outcome) => finish({ status: 200, outcome, firstByteMs, ...usage }),
      });
      return new Response(relayed, { status: 200, headers: streamHeaders(answer) });
    }
    if (/json/i.test(type)) return wholeAnswer(answer, call, { secrets, usage, firstByteMs, totalMs: timeouts.totalMs, finish, abort });
    await answer.body?.cancel().catch(() => undefined);
    const response = jsonError(502, 'upstream_error', `The LLM endpoint answered with ${type.split(';', 1)[0] || 'no content type'}, not an event stream or JSON; check that the upstream base URL points at its API.`);
    finish({ status: 502, outcome: 'upstream_error', firstByteMs });
    return response;
  }

  function failedCall(error: unknown, call: ChatCall, finish: (end: CallEnd) => void): Response {
    if (call.signal.aborted) {
      finish({ status: 499, outcome: 'aborted' });
      return jsonError(499, 'bad_request', 'The browser left before the answer began.');
    }
    const reason = String((error as { message?: unknown })?.message ?? '');
    if (reason === 'first byte timeout' || (error as { name?: unknown })?.name === 'AbortError') {
      finish({ status: 504, outcome: 'timeout' });
      return jsonError(504, 'upstream_timeout', `The LLM endpoint did not answer within ${Math.round(timeouts.firstByteMs / 1000)} s; try again, or check that it is running.`);
    }
    deps.onError?.(error);
    finish({ status: 502, outcome: 'upstream_error' });
    return jsonError(502, 'upstream_unreachable', `The LLM endpoint could not be reached (${scrubSecrets(errorCode(error), secrets).slice(0, 60)}); check that it is running and that the server's upstream URL is right.`);
  }

  async function listModels(): Promise<unknown> {
    const answer = await send(upstreamUrl(base, upstream, 'models'), { method: 'GET', headers: upstreamHeaders(upstream, base, false), signal: AbortSignal.timeout(timeouts.firstByteMs) });
    if (!answer.ok) {
      await answer.body?.cancel().catch(() => undefined);
      throw new Error(`the upstream's model list answered HTTP ${answer.status}`);
    }
    return JSON.parse(await readCapped(answer.body, MAX_JSON_ANSWER_BYTES));
  }

  return { chat, listModels };
}

interface WholeAnswerContext {
  readonly secrets: readonly string[];
  readonly usage: TokenUsage;
  readonly firstByteMs: number;
  readonly totalMs: number;
  finish(end: CallEnd): void;
  abort(reason: string): void;
}

/** A non-streamed answer: read whole (within the size and time caps), scrubbed, usage counted. */
async function wholeAnswer(answer: Response, call: ChatCall, context: WholeAnswerContext): Promise<Response> {
  const timer = setTimeout(() => context.abort('total timeout'), Math.max(0, call.started + context.totalMs - Date.now()));
  try {
    const text = await readCapped(answer.body, MAX_JSON_ANSWER_BYTES);
    const parsed: unknown = JSON.parse(scrubSecrets(text, context.secrets));
    readUsage(parsed, context.usage);
    context.finish({ status: 200, outcome: 'ok', firstByteMs: context.firstByteMs, ...context.usage });
    return jsonResponse(200, parsed);
  } catch {
    context.finish({ status: 502, outcome: call.signal.aborted ? 'aborted' : 'cut', firstByteMs: context.firstByteMs });
    return jsonError(502, 'upstream_error', 'The LLM endpoint\'s answer was cut off or is not valid JSON.');
  } finally {
    clearTimeout(timer);
  }
}
