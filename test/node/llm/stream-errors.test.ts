import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMError } from '../../../core/llm/index.js';
import { streamedError } from '../../../core/llm/stream-error.js';
import { BOUND, HELLO, drain, recordedProvider, textOf, toolCallsOf, type Wire } from './support.js';

const LABEL = { provider: 'p', model: 'm' };

interface Case {
  wire: Wire;
  fixture: string;
  message: RegExp;
  retryable: boolean;
  status: number | undefined;
  text: string;
}

// Each server reports a failure its own way; each must surface as the server said it, not as a cut.
const CASES: Case[] = [
  { wire: 'openai', fixture: 'llamacpp-error-event.sse', message: /server_error in the stream: the model crashed while decoding/, retryable: true, status: 500, text: 'Hel' },
  { wire: 'openai', fixture: 'llamacpp-error-event-bare.sse', message: /unavailable_error in the stream: Loading model/, retryable: true, status: 503, text: '' },
  { wire: 'openai', fixture: 'error-event-text.sse', message: /an error in the stream: upstream connection reset by peer/, retryable: false, status: undefined, text: '' },
  { wire: 'openai', fixture: 'openai-error-chunk-invalid.sse', message: /invalid_request_error in the stream: This model's maximum context length is 8192 tokens/, retryable: false, status: 400, text: 'Par' },
  { wire: 'openai', fixture: 'openai-error-chunk-rate-limit.sse', message: /rate_limit_exceeded in the stream: Rate limit reached/, retryable: true, status: 429, text: 'Par' },
  { wire: 'openai', fixture: 'openrouter-error-chunk.sse', message: /server_error in the stream: Provider disconnected/, retryable: true, status: 500, text: 'Par' },
  { wire: 'anthropic', fixture: 'anthropic-overloaded.sse', message: /overloaded_error in the stream: Overloaded/, retryable: true, status: 529, text: 'Sure' },
  { wire: 'anthropic', fixture: 'anthropic-invalid-request.sse', message: /invalid_request_error in the stream: messages\.1\.content\.0: unexpected tool_use_id/, retryable: false, status: 400, text: '' },
  { wire: 'anthropic', fixture: 'error-event-text.sse', message: /an error in the stream: upstream connection reset by peer/, retryable: false, status: undefined, text: '' },
];

describe('an error the server reports inside its stream', () => {
  for (const { wire, fixture, message, retryable, status, text } of CASES) {
    it(`${wire} ${fixture}: the server's message, retryable ${retryable}, not a cut`, BOUND, async () => {
      const { provider, requests } = recordedProvider(wire, fixture);
      const { events, error } = await drain(provider.stream(HELLO));
      assert.ok(error instanceof LLMError, String(error));
      assert.equal(error.kind, 'http', error.message);
      assert.match(error.message, message);
      assert.doesNotMatch(error.message, /ended before|cut/);
      assert.equal(error.retryable, retryable, error.message);
      assert.equal(error.status, status);
      assert.equal(textOf(events), text);
      assert.deepEqual(toolCallsOf(events), []);
      assert.equal(requests.length, 1);
    });
  }
});

describe('streamedError', () => {
  it('reads the status from a numeric code, a status, the type or a string code', () => {
    assert.equal(streamedError(LABEL, { code: '502', message: 'bad gateway' }).status, 502);
    assert.equal(streamedError(LABEL, { status: 429, message: 'slow' }).retryable, true);
    assert.equal(streamedError(LABEL, { type: 'overloaded_error' }).retryable, true);
    assert.equal(streamedError(LABEL, { type: 'authentication_error', message: 'bad key' }).retryable, false);
    assert.equal(streamedError(LABEL, { code: 'rate_limit_exceeded' }).status, 429);
  });

  it('is never fooled by hostile shapes', () => {
    for (const error of [undefined, null, 7, [1, 2], { type: '__proto__' }, { type: 'constructor', code: 'toString' }, { message: 'x'.repeat(5_000) }]) {
      const made = streamedError(LABEL, error);
      assert.equal(made.kind, 'http');
      assert.equal(made.status, undefined, JSON.stringify(error)?.slice(0, 40));
      assert.equal(made.retryable, false);
      assert.ok(made.message.length < 800);
    }
  });
});
