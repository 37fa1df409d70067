import { LLMError, type CallLabel } from './errors.js';
import { errorMessageFromBody, httpError, truncate } from './error-text.js';
import { readRequestHeaders, sessionRefusal, type RequestHeaders, type SessionRefusal } from '../util/request-headers.js';
import { sleep } from '../util/sleep.js';
import { backoffDelay, parseRetryAfter } from './retry.js';
import type { TransportOptions } from './robustness.js';
import { createSSEDecoder, type EventSourceMessage, type SSEDecoder } from './sse.js';

export interface EventStreamRequest {
  url: string;
  /** The protocol's own headers. */
  headers: Record<string, string>;
  /** The config's `headers`, read before every attempt; they win over the protocol's own. */
  extraHeaders?: RequestHeaders | undefined;
  body: string;
}

export interface AttemptCounter {
  attempts: number;
}

/**
 * POSTs `request` and yields the SSE events of the answer in batches (one batch per network read that
 * completed at least one event). Until the first event arrives, retryable failures are retried with
 * backoff; once it has, any failure ends the stream, since the consumer may already have acted on it.
 * A 401 that refused the session is sent once more with refreshed headers, outside the retry budget.
 * Every failure is an `LLMError`.
 */
export async function* openEventStream(
  label: CallLabel,
  request: EventStreamRequest,
  options: TransportOptions,
  signal: AbortSignal | undefined,
  counter: AttemptCounter,
): AsyncGenerator<EventSourceMessage[], void, undefined> {
  if (signal?.aborted) throw abortedError(label, signal.reason);
  let refresh = false;
  for (let attempt = 1; ; attempt++) {
    counter.attempts++;
    const connection = new Connection(label, options, signal);
    let first: EventSourceMessage[];
    try {
      const headers = { ...request.headers, ...(await extraHeaders(label, request.extraHeaders, refresh, signal)) };
      first = await connection.open({ ...request, headers });
    } catch (error) {
      connection.close();
      if (connection.sessionRefused && !refresh && typeof request.extraHeaders === 'function') {
        refresh = true;
        attempt--;
        continue;
      }
      const failure = toLLMError(error, label);
      const retriesLeft = options.maxRetries - (attempt - 1);
      if (!failure.retryable || failure.kind === 'aborted' || retriesLeft <= 0) throw withAttempts(failure, attempt, label);
      await waitBeforeRetry(failure, attempt, label, options, signal);
      continue;
    }
    try {
      yield first;
      for (;;) {
        const batch = await connection.next();
        if (batch === null) return;
        yield batch;
      }
    } finally {
      connection.close();
    }
  }
}

/** The config's headers for one attempt; a function that throws (or outlasts an abort) fails the call. */
async function extraHeaders(label: CallLabel, source: RequestHeaders | undefined, refresh: boolean, signal: AbortSignal | undefined): Promise<Record<string, string>> {
  if (typeof source !== 'function') return readRequestHeaders(source, refresh);
  if (signal?.aborted) throw abortedError(label, signal.reason);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortedError(label, signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([readRequestHeaders(source, refresh), aborted]);
  } catch (error) {
    if (error instanceof LLMError) throw error;
    throw new LLMError({
      kind: 'network',
      label,
      problem: `the \`headers\` function failed${refresh ? ' to refresh the session' : ''}, so nothing was sent: ${error instanceof Error ? error.message : String(error)}`,
      fix: 'Check the `headers` function of the config: it is called before every request.',
      retryable: false,
      cause: error,
    });
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

async function waitBeforeRetry(failure: LLMError, attempt: number, label: CallLabel, options: TransportOptions, signal: AbortSignal | undefined): Promise<void> {
  let delay: number;
  if (failure.retryAfterMs !== undefined) {
    if (failure.retryAfterMs > options.maxRetryDelayMs) {
      throw new LLMError({
        kind: failure.kind,
        label,
        ...(failure.status === undefined ? {} : { status: failure.status }),
        retryable: true,
        retryAfterMs: failure.retryAfterMs,
        problem: `${failure.problem}; the server asked to wait ${formatSeconds(failure.retryAfterMs)}, longer than \`maxRetryDelayMs\` (${options.maxRetryDelayMs} ms) allows, so the call gave up`,
        fix: 'Retry later, or raise `maxRetryDelayMs`.',
        cause: failure,
      });
    }
    delay = failure.retryAfterMs;
  } else {
    delay = backoffDelay(attempt, options.baseRetryDelayMs, options.maxRetryDelayMs, options.random);
  }
  await sleep(delay, signal, () => abortedError(label, signal?.reason));
}

function withAttempts(failure: LLMError, attempts: number, label: CallLabel): LLMError {
  if (attempts === 1 || !failure.retryable) return failure;
  return new LLMError({
    kind: failure.kind,
    label,
    ...(failure.status === undefined ? {} : { status: failure.status }),
    ...(failure.retryAfterMs === undefined ? {} : { retryAfterMs: failure.retryAfterMs }),
    retryable: true,
    problem: `${failure.problem} (gave up after ${attempts} attempts)`,
    ...(failure.fix === undefined ? {} : { fix: failure.fix }),
    cause: failure,
  });
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

type StopReason = 'aborted' | 'connect-timeout' | 'idle-timeout';

/**
 * One HTTP attempt. It owns the fetch's AbortController, so that a user abort or a timeout stops the
 * network at once: the fetch is aborted and the body reader cancelled, and the reason is remembered
 * so that the resulting rejection (or a read that cancel() resolved early) maps to the right error.
 */
class Connection {
  private readonly controller = new AbortController();
  private stopReason: StopReason | undefined;
  private reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  private decoder: SSEDecoder | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private bodyEnded = false;
  /** Set when the answer was a 401 that refused the session its headers carried. */
  sessionRefused: SessionRefusal | undefined;
  private readonly onUserAbort = () => this.stop('aborted');

  constructor(
    private readonly label: CallLabel,
    private readonly options: TransportOptions,
    private readonly userSignal: AbortSignal | undefined,
  ) {
    if (userSignal?.aborted) this.stop('aborted');
    else userSignal?.addEventListener('abort', this.onUserAbort, { once: true });
  }

  /** Connects and reads until the first event; throws an LLMError (possibly retryable) otherwise. */
  async open(request: EventStreamRequest): Promise<EventSourceMessage[]> {
    const response = await this.connect(request);
    if (!response.ok) throw await this.readHttpError(response);
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType && !/text\/event-stream/i.test(contentType)) throw await this.readNonStream(response, contentType);
    if (!response.body) throw this.protocol('the response has no body', false);
    this.reader = response.body.getReader();
    this.decoder = createSSEDecoder(this.label, this.options.maxEventBytes);
    const first = await this.next();
    if (first === null) throw this.protocol('the stream ended before its first event', true);
    return first;
  }

  /** The next batch of events, or null once the body has ended. */
  async next(): Promise<EventSourceMessage[] | null> {
    const reader = this.reader;
    const decoder = this.decoder;
    if (!reader || !decoder) throw new Error('Connection.next() before open()');
    while (!this.bodyEnded) {
      const chunk = await this.read(reader);
      const events = chunk === undefined ? ((this.bodyEnded = true), decoder.end()) : decoder.push(chunk);
      if (events.length > 0) return events;
    }
    return null;
  }

  close(): void {
    this.disarm();
    this.userSignal?.removeEventListener('abort', this.onUserAbort);
    this.reader?.cancel().catch(() => {});
    this.reader = undefined;
    this.controller.abort();
  }

  private stop(reason: StopReason): void {
    if (this.stopReason) return;
    this.stopReason = reason;
    this.controller.abort();
    this.reader?.cancel().catch(() => {});
  }

  private async connect(request: EventStreamRequest): Promise<Response> {
    if (this.stopReason) throw this.failure(undefined);
    const fetchImpl = this.options.fetch ?? globalThis.fetch;
    this.arm('connect-timeout', this.options.connectTimeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: this.controller.signal,
      });
    } catch (error) {
      throw this.failure(error);
    } finally {
      this.disarm();
    }
    if (this.stopReason) throw this.failure(undefined);
    return response;
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<Uint8Array | undefined> {
    this.arm('idle-timeout', this.options.idleTimeoutMs);
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch (error) {
      throw this.failure(error);
    } finally {
      this.disarm();
    }
    // cancel() resolves a pending read as if the body had ended: the stop reason says otherwise.
    if (this.stopReason) throw this.failure(undefined);
    return result.done ? undefined : result.value;
  }

  /** Reads at most 64 KiB of a body, under the idle timeout. */
  private async readText(response: Response): Promise<string> {
    if (!response.body) return '';
    const reader = response.body.getReader();
    this.reader = reader;
    const textDecoder = new TextDecoder();
    let text = '';
    for (;;) {
      const chunk = await this.read(reader);
      if (chunk === undefined) break;
      text += textDecoder.decode(chunk, { stream: true });
      if (text.length > 65_536) break;
    }
    return text + textDecoder.decode();
  }

  private async readHttpError(response: Response): Promise<LLMError> {
    const retryAfterMs = parseRetryAfter(response.headers);
    let body = '';
    try {
      body = await this.readText(response);
    } catch (error) {
      if (this.stopReason === 'aborted') throw this.failure(error);
      // The status alone is enough to report; a body that fails to arrive adds nothing.
    }
    this.sessionRefused = sessionRefusal(response.status, body);
    const said = errorMessageFromBody(body);
    if (this.sessionRefused) {
      return new LLMError({
        kind: 'http',
        label: this.label,
        status: response.status,
        problem: `the server refused the session (HTTP ${response.status}, ${this.sessionRefused})${said ? `: ${said}` : ''}`,
        fix: 'Pass `headers` as a function that returns fresh session headers when called with `{ refresh: true }`, such as `createServerSession().headers`.',
        retryable: false,
      });
    }
    return httpError(this.label, response.status, said, retryAfterMs);
  }

  private async readNonStream(response: Response, contentType: string): Promise<LLMError> {
    const body = await this.readText(response);
    const said = errorMessageFromBody(body);
    return this.protocol(
      `the server answered with \`${contentType.split(';')[0]}\` instead of an event stream${said ? `: ${said}` : ''}`,
      false,
      'Check `baseURL`: it must point at an API that streams Server-Sent Events.',
    );
  }

  private protocol(problem: string, retryable: boolean, fix?: string): LLMError {
    return new LLMError({ kind: 'protocol', label: this.label, problem, retryable, ...(fix ? { fix } : {}) });
  }

  private arm(reason: StopReason, ms: number): void {
    this.disarm();
    this.timer = setTimeout(() => this.stop(reason), ms);
  }

  private disarm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private failure(cause: unknown): LLMError {
    if (cause instanceof LLMError) return cause;
    switch (this.stopReason) {
      case 'aborted':
        return abortedError(this.label, this.userSignal?.reason ?? cause);
      case 'connect-timeout':
        return new LLMError({
          kind: 'timeout',
          label: this.label,
          problem: `no response within ${this.options.connectTimeoutMs} ms`,
          fix: 'Check `baseURL`, or raise `connectTimeoutMs`.',
          retryable: true,
        });
      case 'idle-timeout':
        return new LLMError({
          kind: 'timeout',
          label: this.label,
          problem: `the stream stalled: nothing arrived for ${this.options.idleTimeoutMs} ms`,
          fix: 'Retry the call, or raise `idleTimeoutMs` for slow models.',
          retryable: true,
        });
      default:
        if (this.userSignal?.aborted) return abortedError(this.label, this.userSignal.reason ?? cause);
        if (isInvalidURL(cause)) {
          return new LLMError({
            kind: 'network',
            label: this.label,
            problem: `the request URL is not valid here: ${describeNetworkError(cause)}`,
            fix: 'Check `baseURL`: outside a page it must be absolute, such as https://api.openai.com/v1.',
            retryable: false,
            cause,
          });
        }
        return new LLMError({
          kind: 'network',
          label: this.label,
          problem: `the connection failed: ${describeNetworkError(cause)}`,
          fix: `Check \`baseURL\` and the network.${this.options.networkHint ? ` ${this.options.networkHint}` : ''}`,
          retryable: true,
          cause,
        });
    }
  }
}

export function abortedError(label: CallLabel, cause?: unknown): LLMError {
  return new LLMError({ kind: 'aborted', label, problem: 'the call was aborted by its signal', retryable: false, cause });
}

function isInvalidURL(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  return code === 'ERR_INVALID_URL' || /invalid url|failed to parse url/i.test(error.message);
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? ((cause as { code?: string }).code ?? cause.message) : undefined;
  return truncate(detail && detail !== error.message ? `${error.message} (${detail})` : error.message, 300);
}

function toLLMError(error: unknown, label: CallLabel): LLMError {
  if (error instanceof LLMError) return error;
  return new LLMError({ kind: 'network', label, problem: `the request failed: ${describeNetworkError(error)}`, retryable: false, cause: error });
}
