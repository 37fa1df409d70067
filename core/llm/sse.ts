import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { LLMError, type CallLabel } from './errors.js';
import { DEFAULT_MAX_EVENT_BYTES } from './robustness.js';

export type { EventSourceMessage };

export interface SSEDecoder {
  /** Decodes the next bytes of the body and returns the events they completed, in order. */
  push(bytes: Uint8Array): EventSourceMessage[];
  /** Flushes the text decoder at the end of the body; an unterminated last event is dropped, as SSE says. */
  end(): EventSourceMessage[];
}

/**
 * Bytes → text → SSE events, with a bound on how much may pile up between two event boundaries.
 * The streaming TextDecoder keeps a UTF-8 sequence split across reads whole. eventsource-parser holds
 * an unterminated line and a multi-line event's data until the blank line that ends it; its own
 * `maxBufferSize` counts UTF-16 units of that backlog, and we also count the raw bytes fed since the
 * last event or comment, so a server that never ends an event cannot grow our memory without limit.
 */
export function createSSEDecoder(label: CallLabel, maxEventBytes: number = DEFAULT_MAX_EVENT_BYTES): SSEDecoder {
  const textDecoder = new TextDecoder('utf-8');
  let completed: EventSourceMessage[] = [];
  let boundaryCrossed = false;
  let bytesSinceBoundary = 0;
  let overflowed = false;

  const parser = createParser({
    onEvent(message) {
      completed.push(message);
      boundaryCrossed = true;
    },
    onComment() {
      boundaryCrossed = true;
    },
    onError(error) {
      // Unknown fields and bad `retry:` values are ignored, as the SSE specification says.
      if (error.type === 'max-buffer-size-exceeded') overflowed = true;
    },
    maxBufferSize: maxEventBytes,
  });

  const overflow = () =>
    new LLMError({
      kind: 'protocol',
      label,
      problem: `the stream sent more than ${maxEventBytes} bytes without ending an event`,
      fix: 'Check that `baseURL` points at a streaming Chat Completions or Messages endpoint.',
    });

  const feed = (text: string, byteLength: number): EventSourceMessage[] => {
    boundaryCrossed = false;
    bytesSinceBoundary += byteLength;
    if (text) parser.feed(text);
    if (overflowed) throw overflow();
    // A read that completed an event may still end with the start of the next one; that remainder is
    // at most one read long, so restarting the count here keeps the bound within one read of exact.
    if (boundaryCrossed) bytesSinceBoundary = 0;
    else if (bytesSinceBoundary > maxEventBytes) throw overflow();
    const events = completed;
    completed = [];
    return events;
  };

  return {
    push: (bytes) => feed(textDecoder.decode(bytes, { stream: true }), bytes.byteLength),
    end: () => feed(textDecoder.decode(), 0),
  };
}
