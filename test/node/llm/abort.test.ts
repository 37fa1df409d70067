import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LLMError, type CallMetrics, type StreamEvent } from '../../../core/llm/index.js';
import { startMockLLM, type MockLLM, type MockResponse } from '../../support/mock-llm/server.js';
import { BOUND, CLICK_TOOL, HELLO, WIRES, drain, providerFor, scenarioId, toolCallsOf, type ProviderOverrides, type Wire } from './support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

/** A slow turn: 40 text deltas 40 ms apart, then a tool call; far longer than any test here waits. */
const SLOW: MockResponse = {
  text: 'x'.repeat(240),
  toolCalls: [{ name: 'click', arguments: { index: 1 } }],
  delayMs: 40,
};

function setup(wire: Wire, responses: MockResponse[], overrides: ProviderOverrides = {}) {
  const id = scenarioId(`abort-${wire}`);
  mock.script(id, responses);
  const metrics: CallMetrics[] = [];
  const provider = providerFor(mock, wire, id, { ...overrides, onMetrics: (m) => metrics.push(m) });
  return { id, provider, metrics };
}

/** Waits (bounded by the test timeout) until the server saw the client close the request. */
async function serverSawClose(id: string): Promise<void> {
  while (mock.requests(id)[0]?.outcome !== 'client-closed') await new Promise((resolve) => setTimeout(resolve, 10));
}

function assertAborted(error: unknown): asserts error is LLMError {
  assert.ok(error instanceof LLMError, String(error));
  assert.equal(error.kind, 'aborted', error.message);
  assert.equal(error.retryable, false);
  assert.match(error.message, /aborted/);
}

for (const wire of WIRES) {
  describe(`${wire}: abort`, () => {
    it('an already aborted signal sends nothing', BOUND, async () => {
      const { id, provider } = setup(wire, [{ text: 'never' }]);
      const { events, error } = await drain(provider.stream({ ...HELLO, signal: AbortSignal.abort() }));
      assertAborted(error);
      assert.deepEqual(events, []);
      assert.equal(mock.requests(id).length, 0);
    });

    it('aborting mid-stream stops the events and closes the connection at once', BOUND, async () => {
      const { id, provider, metrics } = setup(wire, [SLOW]);
      const controller = new AbortController();
      const events: StreamEvent[] = [];
      let error: unknown;
      try {
        for await (const event of provider.stream({ ...HELLO, tools: [CLICK_TOOL], signal: controller.signal })) {
          events.push(event);
          if (events.filter((e) => e.type === 'text-delta').length === 2) controller.abort();
        }
      } catch (caught) {
        error = caught;
      }
      assertAborted(error);
      assert.equal(events.filter((e) => e.type === 'text-delta').length, 2, 'nothing after the abort');
      assert.deepEqual(toolCallsOf(events), []);
      await serverSawClose(id);
      assert.equal(metrics.length, 1);
      assert.equal(metrics[0]!.outcome, 'failed');
      assert.equal(metrics[0]!.error?.kind, 'aborted');
    });

    it('aborting during a stall ends the call as aborted, not as a timeout', BOUND, async () => {
      const { id, provider } = setup(wire, [{ text: 'y'.repeat(60), fault: { type: 'stall', ms: 20_000, afterEvents: 5 } }], { idleTimeoutMs: 10_000 });
      const controller = new AbortController();
      const events: StreamEvent[] = [];
      let error: unknown;
      try {
        for await (const event of provider.stream({ ...HELLO, signal: controller.signal })) {
          events.push(event);
          // The stall starts a few events later and lasts 20 s: abort well inside it.
          if (events.length === 1) setTimeout(() => controller.abort(), 150);
        }
      } catch (caught) {
        error = caught;
      }
      assertAborted(error);
      await serverSawClose(id);
    });

    it('aborting while waiting for the headers ends the call as aborted', BOUND, async () => {
      const { id, provider } = setup(wire, [{ text: 'late', fault: { type: 'headers-delay', ms: 20_000 } }], { connectTimeoutMs: 10_000 });
      const controller = new AbortController();
      const outcome = drain(provider.stream({ ...HELLO, signal: controller.signal }));
      while (mock.requests(id).length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      controller.abort();
      assertAborted((await outcome).error);
      await serverSawClose(id);
    });

    it('aborting during a backoff sleep ends it at once, with no further attempt', BOUND, async () => {
      const { id, provider, metrics } = setup(wire, [{ status: 503, retryAfter: 20 }, { text: 'never' }], { maxRetryDelayMs: 60_000 });
      const controller = new AbortController();
      const outcome = drain(provider.stream({ ...HELLO, signal: controller.signal }));
      // Once the 503 has been answered, the client is asleep for its 20 s Retry-After.
      while (mock.requests(id)[0]?.outcome !== 'complete') await new Promise((resolve) => setTimeout(resolve, 10));
      controller.abort();
      const { error } = await outcome;
      assertAborted(error);
      assert.equal(mock.requests(id).length, 1);
      assert.equal(metrics[0]?.attempts, 1);
    });

    it('a consumer that stops iterating closes the connection and reports a cancelled call', BOUND, async () => {
      const { id, provider, metrics } = setup(wire, [SLOW]);
      for await (const event of provider.stream(HELLO)) {
        if (event.type === 'text-delta') break;
      }
      await serverSawClose(id);
      assert.equal(metrics.length, 1);
      assert.equal(metrics[0]!.outcome, 'cancelled');
    });

    it('the abort reason travels as the error cause', BOUND, async () => {
      const { provider } = setup(wire, [SLOW]);
      const reason = new Error('user closed the palette');
      const controller = new AbortController();
      setTimeout(() => controller.abort(reason), 60);
      const { error } = await drain(provider.stream({ ...HELLO, signal: controller.signal }));
      assertAborted(error);
      assert.equal(error.cause, reason);
    });

    it('complete() rejects with the aborted error', BOUND, async () => {
      const { provider } = setup(wire, [SLOW]);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 120);
      await assert.rejects(provider.complete({ ...HELLO, signal: controller.signal }), (error) => {
        assertAborted(error);
        return true;
      });
    });
  });
}
