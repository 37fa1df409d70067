import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LLMError } from '../../../core/llm/index.js';
import { startMockLLM, type MockLLM, type MockResponse, type MockTurn } from '../../support/mock-llm/server.js';
import { BOUND, CLICK_TOOL, HELLO, TIGHT, WIRES, drain, providerFor, scenarioId, textOf, toolCallsOf, type ProviderOverrides, type Wire } from './support.js';

/** A turn with text and a tool call whose arguments are long enough to stream in many deltas. */
const TURN: MockTurn = {
  text: 'I will click the button.',
  toolCalls: [{ name: 'click', arguments: { index: 7, reason: 'the blue "Submit" button at the bottom of the form' } }],
  usage: { inputTokens: 40, outputTokens: 30 },
};
const CALL = { options: { ...HELLO, tools: [CLICK_TOOL] } };

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

async function run(wire: Wire, responses: MockResponse[], overrides: ProviderOverrides = {}) {
  const id = scenarioId(`fault-${wire}`);
  mock.script(id, responses);
  const provider = providerFor(mock, wire, id, overrides);
  const outcome = await drain(provider.stream(CALL.options));
  return { ...outcome, requests: mock.requests(id) };
}

function assertFailed(error: LLMError | undefined, kind: LLMError['kind'], retryable: boolean, status?: number): asserts error is LLMError {
  assert.ok(error instanceof LLMError, `expected an LLMError, got ${String(error)}`);
  assert.equal(error.kind, kind, error.message);
  assert.equal(error.retryable, retryable, error.message);
  assert.equal(error.status, status);
}

for (const wire of WIRES) {
  describe(`${wire}: every scripted fault ends in its documented outcome`, () => {
    it('429 with Retry-After is retried after the wait and recovers', BOUND, async () => {
      const { events, error, requests } = await run(wire, [{ status: 429, retryAfter: 0.2, error: { message: 'slow down' } }, TURN]);
      assert.equal(error, undefined);
      assert.equal(requests.length, 2);
      assert.deepEqual(toolCallsOf(events).map((call) => call.arguments.index), [7]);
      const finish = events.at(-1);
      assert.ok(finish?.type === 'finish');
      assert.equal(finish.metrics.attempts, 2);
    });

    it('500 is retried and recovers', BOUND, async () => {
      const { events, error, requests } = await run(wire, [{ status: 500 }, TURN]);
      assert.equal(error, undefined);
      assert.equal(requests.length, 2);
      assert.equal(textOf(events), TURN.text);
    });

    it('503 on every attempt gives up after maxRetries with a retryable http error', BOUND, async () => {
      const unavailable = { status: 503, error: { message: 'upstream unavailable' } };
      const { error, requests } = await run(wire, [unavailable, unavailable, unavailable, TURN]);
      assertFailed(error, 'http', true, 503);
      assert.equal(requests.length, 3);
      assert.match(error.message, /upstream unavailable/);
      assert.match(error.message, /3 attempts/);
      assert.match(error.message, /`maxRetries`/);
    });

    it('an HTTP error with a JSON body surfaces the server message and the field to fix, without retrying', BOUND, async () => {
      const { error, requests } = await run(wire, [{ status: 401, error: { message: 'invalid x-api-key' } }, TURN]);
      assertFailed(error, 'http', false, 401);
      assert.equal(requests.length, 1);
      assert.match(error.message, /invalid x-api-key/);
      assert.match(error.message, /HTTP 401/);
      assert.match(error.message, /Check `apiKey`/);
      assert.ok(error.message.startsWith(wire === 'openai' ? 'openai-compatible(gpt-4o-mini):' : 'anthropic(claude-test):'));
    });

    it('a connection reset mid-stream is a network error, not retried, and its tool call is never surfaced', BOUND, async () => {
      const { events, error, requests } = await run(wire, [{ ...TURN, fault: { type: 'reset', afterEvents: 'end' } }, TURN]);
      assertFailed(error, 'network', true);
      assert.equal(requests.length, 1);
      assert.ok(events.some((event) => event.type === 'tool-call-delta'), 'the arguments had started streaming');
      assert.deepEqual(toolCallsOf(events), []);
      assert.ok(!events.some((event) => event.type === 'finish'));
    });

    it('a connection reset before the headers is retried and recovers', BOUND, async () => {
      const { events, error, requests } = await run(wire, [{ ...TURN, fault: { type: 'reset-before-headers' } }, TURN]);
      assert.equal(error, undefined);
      assert.equal(requests.length, 2);
      assert.equal(toolCallsOf(events).length, 1);
    });

    it('a stall longer than idleTimeoutMs ends in a timeout error instead of hanging', BOUND, async () => {
      const { events, error, requests } = await run(wire, [{ ...TURN, fault: { type: 'stall', ms: 2_000, afterEvents: 'end' } }, TURN], { idleTimeoutMs: TIGHT.idleTimeoutMs });
      assertFailed(error, 'timeout', true);
      assert.match(error.message, /`idleTimeoutMs`/);
      assert.equal(requests.length, 1, 'no retry once events arrived');
      assert.deepEqual(toolCallsOf(events), []);
    });

    it('a stall shorter than idleTimeoutMs is waited out', BOUND, async () => {
      const { events, error } = await run(wire, [{ ...TURN, fault: { type: 'stall', ms: 100 } }], { idleTimeoutMs: 1_500 });
      assert.equal(error, undefined);
      assert.equal(textOf(events), TURN.text);
    });

    it('headers slower than connectTimeoutMs end in a timeout error naming the field', BOUND, async () => {
      const { error, requests } = await run(wire, [{ ...TURN, fault: { type: 'headers-delay', ms: 2_000 } }], { maxRetries: 0, connectTimeoutMs: TIGHT.connectTimeoutMs });
      assertFailed(error, 'timeout', true);
      assert.match(error.message, /`connectTimeoutMs`/);
      assert.match(error.message, /`baseURL`/);
      // One attempt at most (on a loaded machine the timeout may even beat the request to the server).
      assert.ok(requests.length <= 1);
    });

    it('a connect timeout is retried like a network failure', BOUND, async () => {
      // A spare turn in case a loaded machine makes the retry miss the tight timeout too.
      const { events, error, requests } = await run(wire, [{ ...TURN, fault: { type: 'headers-delay', ms: 3_000 } }, TURN, TURN], { connectTimeoutMs: TIGHT.connectTimeoutMs });
      assert.equal(error, undefined);
      assert.ok(requests.length >= 2);
      assert.equal(toolCallsOf(events).length, 1);
    });

    it('a stream cut without its end is a protocol error and its complete-looking tool call is never surfaced', BOUND, async () => {
      const { events, error, requests } = await run(wire, [{ ...TURN, fault: { type: 'cut', afterEvents: 'end' } }, TURN]);
      assertFailed(error, 'protocol', true);
      assert.match(error.message, wire === 'openai' ? /finish_reason/ : /message_stop/);
      assert.match(error.message, /"click" was dropped|ended before/);
      assert.equal(requests.length, 1);
      assert.equal(textOf(events), TURN.text);
      assert.deepEqual(toolCallsOf(events), []);
    });

    it('a stream cut right after the first event is not retried', BOUND, async () => {
      const { error, requests } = await run(wire, [{ ...TURN, fault: { type: 'cut', afterEvents: 1 } }, TURN]);
      assertFailed(error, 'protocol', true);
      assert.equal(requests.length, 1);
    });

    it('a stream that ends before its first event is retried', BOUND, async () => {
      const { error, requests } = await run(wire, [{ ...TURN, fault: { type: 'cut', afterEvents: 0 } }, TURN]);
      assert.equal(error, undefined);
      assert.equal(requests.length, 2);
    });

    it('malformed JSON in a data line is a protocol error', BOUND, async () => {
      const { events, error, requests } = await run(wire, [{ ...TURN, fault: { type: 'malformed-json', afterEvents: 'end' } }, TURN]);
      assertFailed(error, 'protocol', false);
      assert.match(error.message, /malformed JSON/);
      assert.equal(requests.length, 1);
      assert.deepEqual(toolCallsOf(events), []);
    });

    it('tool-call arguments cut mid-string never become a tool call', BOUND, async () => {
      const { events, error } = await run(wire, [{ ...TURN, fault: { type: 'cut-tool-arguments' } }]);
      assertFailed(error, 'protocol', true);
      assert.match(error.message, /"click"/);
      assert.ok(events.some((event) => event.type === 'tool-call-delta'));
      assert.deepEqual(toolCallsOf(events), []);
    });

    it('tool-call arguments cut mid-string are refused even when the server then claims to be done', BOUND, async () => {
      const { events, error } = await run(wire, [{ ...TURN, fault: { type: 'cut-tool-arguments', thenFinish: true } }]);
      assertFailed(error, 'protocol', true);
      assert.match(error.message, /not a JSON object/);
      assert.deepEqual(toolCallsOf(events), []);
    });

    it('a multibyte character split across chunks is decoded whole', BOUND, async () => {
      const text = 'Grüße, 世界! Ça va? 👋🏽 ok';
      const { events, error } = await run(wire, [{ text, deltaSize: 3, fault: { type: 'split-multibyte' } }]);
      assert.equal(error, undefined);
      assert.equal(textOf(events), text);
      assert.ok(!textOf(events).includes('\uFFFD'));
    });

    it('chunkSize 1 streams text and tool calls byte by byte', BOUND, async () => {
      const { events, error } = await run(wire, [{ ...TURN, text: 'Héllo — 1 byte at a time ✓', chunkSize: 1 }]);
      assert.equal(error, undefined);
      assert.equal(textOf(events), 'Héllo — 1 byte at a time ✓');
      assert.deepEqual(toolCallsOf(events), [{ id: wire === 'openai' ? 'call_mock_0' : 'toolu_mock_0', name: 'click', arguments: TURN.toolCalls![0]!.arguments }]);
    });

    it('an error event inside the stream is an http error carrying the provider message, not retried', BOUND, async () => {
      const { error, requests } = await run(wire, [{ ...TURN, fault: { type: 'error-event', afterEvents: 2, error: { type: 'overloaded_error', message: 'Overloaded', code: 529 } } }, TURN]);
      assert.ok(error instanceof LLMError);
      assert.equal(error.kind, 'http');
      assert.match(error.message, /Overloaded/);
      assert.equal(requests.length, 1);
    });
  });
}

describe('openai: the stream end', () => {
  it('a cut after the finish_reason loses only the trailer: the answer and its tool calls stand', BOUND, async () => {
    const { events, error } = await run('openai', [{ ...TURN, fault: { type: 'cut', afterEvents: 'after-finish' } }]);
    assert.equal(error, undefined);
    assert.equal(toolCallsOf(events).length, 1);
    assert.equal(events.at(-1)?.type, 'finish');
  });

  it('a stall after the finish_reason ends the stream instead of failing it', BOUND, async () => {
    const { events, error } = await run('openai', [{ ...TURN, fault: { type: 'stall', ms: 2_000, afterEvents: 'after-finish' } }], { idleTimeoutMs: TIGHT.idleTimeoutMs });
    assert.equal(error, undefined);
    assert.equal(toolCallsOf(events).length, 1);
  });
});

describe('anthropic: the stream end', () => {
  it('a stream cut after message_delta but before message_stop is still a protocol error', BOUND, async () => {
    const { events, error } = await run('anthropic', [{ ...TURN, fault: { type: 'cut', afterEvents: 'after-finish' } }]);
    assertFailed(error, 'protocol', true);
    assert.deepEqual(toolCallsOf(events), []);
  });
});
