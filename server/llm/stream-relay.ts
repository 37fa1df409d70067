import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { scrubSecrets } from './scrub-secrets.js';
import { readEventUsage, type TokenUsage } from './usage-tap.js';

export type RelayOutcome = 'ok' | 'aborted' | 'timeout' | 'cut';

export interface RelayOptions {
  readonly secrets: readonly string[];
  readonly idleMs: number;
  /** Epoch ms after which the answer is cut, however lively. */
  readonly deadline: number;
  readonly usage: TokenUsage;
  /** Whether the browser has left (its leaving aborts the upstream, which then breaks off the read). */
  browserLeft(): boolean;
  /** Stops the upstream request (on a timeout or when the browser leaves). */
  abortUpstream(reason: string): void;
  /** Called once, when the relay ends for any reason. */
  onEnd(outcome: RelayOutcome): void;
}

/** Longest SSE event held while it arrives; a stream that never ends an event is cut there. */
const MAX_EVENT_CHARS = 4 * 1024 * 1024;
const encoder = new TextEncoder();
const LATE_MESSAGE = 'The LLM endpoint took longer than the server allows for one answer; it was cut off.';

function serializeEvent(message: EventSourceMessage, secrets: readonly string[]): string {
  const data = scrubSecrets(message.data, secrets);
  const head = `${message.event ? `event: ${message.event.replace(/[\r\n]/g, '')}\n` : ''}${message.id ? `id: ${message.id.replace(/[\r\n]/g, '')}\n` : ''}`;
  return `${head}${data.split(/\r\n|\r|\n/).map((line) => `data: ${line}`).join('\n')}\n\n`;
}

/** The event a client reads as the stream's failure, in a shape both OpenAI-style and Anthropic-style clients parse. */
export function timeoutEvent(message: string): string {
  const error = { type: 'dddk_server_error', code: 'upstream_timeout', message, status: 504, retryable: true };
  return `event: error\ndata: ${JSON.stringify({ type: 'error', error })}\n\n`;
}

/**
 * One timer for the silence, pushed back on every chunk, rather than a timer and a race per read.
 * `onFire(late)` says whether the whole answer's deadline, not the silence, ran out.
 */
function silenceTimer(idleMs: number, deadline: number, onFire: (late: boolean) => void): { arm(): void; disarm(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const disarm = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    arm() {
      disarm();
      const left = deadline - Date.now();
      const late = left <= idleMs;
      timer = setTimeout(() => onFire(late), Math.max(0, Math.min(idleMs, left)));
    },
    disarm,
  };
}

/**
 * Relays an upstream's server-sent events event by event: each is parsed, scrubbed of credentials
 * and written again, so no partial event and no echoed key reaches the browser. Silence longer than
 * `idleMs`, or an answer past its deadline, ends the stream with an `error` event the client reads
 * as a timeout; the browser leaving cancels the upstream.
 */
export function relayEvents(upstream: ReadableStream<Uint8Array>, options: RelayOptions): ReadableStream<Uint8Array> {
  const reader = upstream.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let ended = false;
  const parser = createParser({
    maxBufferSize: MAX_EVENT_CHARS,
    onEvent(message) {
      readEventUsage(message.data, options.usage);
      pending += serializeEvent(message, options.secrets);
    },
    onComment() {
      pending += ': keep-alive\n\n';
    },
  });
  const end = (outcome: RelayOutcome) => {
    if (ended) return;
    ended = true;
    options.onEnd(outcome);
  };
  let timedOut: 'idle' | 'late' | undefined;
  const closeOnTimeout = (controller: ReadableStreamDefaultController<Uint8Array>): void => {
    controller.enqueue(encoder.encode(timeoutEvent(timedOut === 'late' ? LATE_MESSAGE : `The LLM endpoint sent nothing for ${Math.round(options.idleMs / 1000)} s; the answer was cut off.`)));
    controller.close();
    end('timeout');
  };
  const silence = silenceTimer(options.idleMs, options.deadline, (late) => {
    timedOut = late ? 'late' : 'idle';
    options.abortUpstream(late ? 'total timeout' : 'idle timeout');
    void reader.cancel().catch(() => undefined);
  });
  return new ReadableStream<Uint8Array>({
    start: silence.arm,
    async pull(controller) {
      for (;;) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (error) {
          silence.disarm();
          if (timedOut) return closeOnTimeout(controller);
          // The upstream broke off mid-answer (or was stopped because the browser left): the browser's stream breaks too, visibly.
          controller.error(error);
          return end(options.browserLeft() ? 'aborted' : 'cut');
        }
        if (timedOut) return closeOnTimeout(controller);
        if (next.done) {
          silence.disarm();
          controller.close();
          return end('ok');
        }
        silence.arm();
        try {
          parser.feed(decoder.decode(next.value, { stream: true }));
        } catch {
          silence.disarm();
          void reader.cancel().catch(() => undefined);
          controller.error(new Error('the upstream sent an event larger than the server holds'));
          return end('cut');
        }
        if (pending !== '') {
          controller.enqueue(encoder.encode(pending));
          pending = '';
          return;
        }
      }
    },
    async cancel() {
      silence.disarm();
      options.abortUpstream('the browser left');
      await reader.cancel().catch(() => undefined);
      end('aborted');
    },
  });
}
