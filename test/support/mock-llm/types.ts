/** What a test scripts the mock LLM server to answer: one `MockResponse` per request, in order. */

export type MockFinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter';

export interface MockToolCall {
  /** Defaults to `call_mock_<n>` (OpenAI) or `toolu_mock_<n>` (Anthropic). */
  id?: string;
  name: string;
  /** An object is serialized; a string is sent as is (so it may be invalid JSON on purpose). */
  arguments: string | Record<string, unknown>;
}

export interface MockUsage {
  inputTokens: number;
  outputTokens: number;
}

/** How the bytes of a streamed answer reach the wire. */
export interface MockStreamShape {
  /** Bytes per write (1 = one byte at a time, so multibyte characters split). Default: one write per SSE event. */
  chunkSize?: number;
  /** Pause between writes, in ms. Default 0 (writes still go out one by one when `chunkSize` is set). */
  delayMs?: number;
}

/**
 * Where a mid-stream fault strikes: after that many SSE events; `end` = after all the content, just
 * before the first event that ends the stream (the finish chunk, `message_delta`); `after-finish` = one
 * event later. Default: halfway through the content.
 */
export type MockFaultPoint = number | 'end' | 'after-finish';

export type MockFault =
  /** The socket is destroyed mid-stream. */
  | { type: 'reset'; afterEvents?: MockFaultPoint }
  /** The socket is destroyed before any response: a network error before the stream starts. */
  | { type: 'reset-before-headers' }
  /** Nothing is written for `ms` after `afterEvents` events, then the stream goes on. */
  | { type: 'stall'; ms: number; afterEvents?: MockFaultPoint }
  /** The response headers wait `ms`: a slow connect. */
  | { type: 'headers-delay'; ms: number }
  /** The response ends cleanly after `afterEvents` events, without the protocol's end (finish, [DONE], message_stop). */
  | { type: 'cut'; afterEvents?: MockFaultPoint }
  /** A data line with broken JSON is written after `afterEvents` events. */
  | { type: 'malformed-json'; afterEvents?: MockFaultPoint }
  /** The provider's in-stream error event (Anthropic `event: error`; OpenAI-style `data: {"error":…}`), then the response ends. */
  | { type: 'error-event'; afterEvents?: MockFaultPoint; error: { type: string; message: string; code?: number } }
  /**
   * The first tool call's arguments stop in the middle of a string and the response ends there; with
   * `thenFinish` the protocol's end events are sent anyway, as a server that lies about being done would.
   */
  | { type: 'cut-tool-arguments'; thenFinish?: boolean }
  /** Every chunk boundary falls inside a UTF-8 sequence (writes default to 5 ms apart so they arrive apart). */
  | { type: 'split-multibyte' };

/** A streamed answer. */
export interface MockTurn extends MockStreamShape {
  text?: string;
  /** Reasoning text: `reasoning_content` deltas (OpenAI-compatible) or a thinking block (Anthropic). */
  thinking?: string;
  toolCalls?: MockToolCall[];
  /** Characters (code points) per text or arguments delta. Default 6. */
  deltaSize?: number;
  usage?: MockUsage;
  /** Default `tool_calls` when there are tool calls, else `stop`. */
  finishReason?: MockFinishReason;
  /** The model the stream reports. Default: the requested one. */
  model?: string;
  fault?: MockFault;
}

/** A big stream of text deltas, serialized in one pass and written without pacing (in `chunkSize`-byte writes when set): the benchmark path. */
export interface MockDeltas extends MockStreamShape {
  deltas: string[];
  usage?: MockUsage;
  finishReason?: MockFinishReason;
}

/** A non-2xx answer with a JSON error body in the provider's shape. */
export interface MockHttpError {
  status: number;
  error?: { message: string; type?: string };
  /** A raw body instead of the JSON error. */
  body?: string;
  /** `Retry-After`: seconds, or an HTTP date string. */
  retryAfter?: number | string;
  headers?: Record<string, string>;
}

export type MockResponse = MockTurn | MockDeltas | MockHttpError;

export interface RecordedRequest {
  method: string;
  /** The path after the scenario prefix, e.g. `/v1/chat/completions`. */
  path: string;
  headers: Record<string, string>;
  /** The parsed JSON body (or the raw text when it was not JSON). */
  body: any;
  /**
   * How the answer ended: `complete` (fully written), `client-closed` (the client went away first:
   * an abort or a timeout on its side), `reset` (a scripted reset), or `pending` while it streams.
   */
  outcome: 'pending' | 'complete' | 'client-closed' | 'reset';
}

export type MockWire = 'openai' | 'anthropic';
