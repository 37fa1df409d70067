import { LLMError, type CallLabel } from './errors.js';
import { abortedError, openEventStream, type AttemptCounter, type EventStreamRequest } from './http.js';
import type { TransportOptions } from './robustness.js';
import type { EventSourceMessage } from './sse.js';
import type { RequestHeaders } from '../util/request-headers.js';
import type { CompletedToolCall } from './tool-calls.js';
import type { CallMetrics, FinishReason, StreamEvent, Usage } from './types.js';

/** What a wire protocol's decoder hands back once its stream has ended properly. */
export interface WireEnding {
  reason: FinishReason;
  /** Completed tool calls, in index order, with the index their deltas carried. */
  toolCalls: CompletedToolCall[];
  usage?: Usage;
  /** The model the server said it used. */
  model?: string;
}

/** Turns one protocol's SSE events into `StreamEvent`s and knows when that protocol's stream is over. */
export interface WireDecoder {
  /** Decodes one SSE event, appending what it produced to `out`; throws an LLMError on a protocol violation. */
  decode(message: EventSourceMessage, out: StreamEvent[]): void;
  /** True once the protocol's terminal event arrived: nothing more needs reading. */
  readonly done: boolean;
  /** True once the stream has given its finish reason, so losing the connection afterwards loses nothing. */
  readonly finishReceived: boolean;
  /** Validates the end of the stream; throws a `protocol` LLMError when it never properly finished. */
  end(): WireEnding;
}

/** What a provider factory resolved from its config, handed to its protocol code. */
export interface WireSettings {
  url: string;
  defaultModel: string;
  providerLabel: string;
  runtime: CallRuntime;
  apiKey: string | undefined;
  headers: RequestHeaders | undefined;
}

export interface CallRuntime {
  transport: TransportOptions;
  onMetrics?: ((metrics: CallMetrics) => void) | undefined;
}

/**
 * Runs one streaming call: transport (retries, timeouts, abort) → decoder → events, then the end check,
 * usage and metrics. Tool calls are released only after the decoder confirms the stream's end.
 */
export interface PreparedCall {
  label: CallLabel;
  request: EventStreamRequest;
  decoder: WireDecoder;
  signal?: AbortSignal | undefined;
}

/**
 * `prepare` runs when iteration starts, so invalid call options surface as a TypeError from the first
 * `next()` (no request is sent, no metrics reported), like every other failure of the stream.
 */
export async function* streamCall(runtime: CallRuntime, prepare: () => PreparedCall): AsyncGenerator<StreamEvent, void, undefined> {
  const { label, request, decoder, signal } = prepare();
  const startedAt = Date.now();
  const counter: AttemptCounter = { attempts: 0 };
  let firstTokenAt: number | undefined;
  let model = label.model;
  let usage: Usage | undefined;
  let reported = false;

  const report = (outcome: NonNullable<CallMetrics['outcome']>, error?: LLMError): CallMetrics => {
    const metrics: CallMetrics = {
      provider: label.provider,
      model,
      startedAt,
      durationMs: Date.now() - startedAt,
      attempts: Math.max(1, counter.attempts),
      outcome,
    };
    if (firstTokenAt !== undefined) metrics.timeToFirstTokenMs = firstTokenAt - startedAt;
    if (usage) {
      metrics.inputTokens = usage.inputTokens;
      metrics.outputTokens = usage.outputTokens;
    }
    if (error) metrics.error = { kind: error.kind, message: error.message, ...(error.status === undefined ? {} : { status: error.status }) };
    reported = true;
    try {
      runtime.onMetrics?.(metrics);
    } catch {
      // A failing metrics sink must not turn a good call into a failed one.
    }
    return metrics;
  };

  const pending: StreamEvent[] = [];
  try {
    const batches = openEventStream(label, request, runtime.transport, signal, counter);
    try {
      reading: for await (const batch of batches) {
        for (const message of batch) {
          decoder.decode(message, pending);
          for (let i = 0; i < pending.length; i++) {
            // An abort between two events of one network read must not let the rest through.
            if (signal?.aborted) throw abortedError(label, signal.reason);
            const event = pending[i]!;
            if (firstTokenAt === undefined && (event.type === 'text-delta' || event.type === 'tool-call-delta')) firstTokenAt = Date.now();
            yield event;
          }
          pending.length = 0;
          if (decoder.done) break reading;
        }
      }
    } catch (error) {
      // After the finish reason only the trailer (usage, [DONE]) was missing: the answer is whole.
      const lateTransportFailure = error instanceof LLMError && (error.kind === 'network' || error.kind === 'timeout') && decoder.finishReceived;
      if (!lateTransportFailure) throw error;
    }
    if (signal?.aborted) throw abortedError(label, signal.reason);
    const ending = decoder.end();
    if (ending.model) model = ending.model;
    usage = ending.usage;
    for (const { index, call } of ending.toolCalls) {
      if (signal?.aborted) throw abortedError(label, signal.reason);
      yield { type: 'tool-call', index, call };
    }
    if (usage) yield { type: 'usage', usage };
    const metrics = report('finished');
    yield { type: 'finish', reason: ending.reason, metrics };
  } catch (error) {
    const failure =
      error instanceof LLMError
        ? error
        : new LLMError({ kind: 'protocol', label, problem: `the response could not be handled: ${error instanceof Error ? error.message : String(error)}`, retryable: false, cause: error });
    if (!reported) report('failed', failure);
    throw failure;
  } finally {
    if (!reported) report('cancelled');
  }
}
