import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CallMetrics } from '../../../core/llm/index.js';
import { startMockLLM, type MockLLM, type MockResponse } from '../../support/mock-llm/server.js';
import { BOUND, HELLO, WIRES, drain, providerFor, scenarioId, type Wire } from './support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

function setup(wire: Wire, responses: MockResponse[], onMetrics?: (metrics: CallMetrics) => void) {
  const id = scenarioId(`metrics-${wire}`);
  mock.script(id, responses);
  const reported: CallMetrics[] = [];
  const provider = providerFor(mock, wire, id, {
    onMetrics: (metrics) => {
      reported.push(metrics);
      onMetrics?.(metrics);
    },
  });
  return { provider, reported };
}

for (const wire of WIRES) {
  describe(`${wire}: per-call metrics`, () => {
    it('a finished call reports timing, tokens, model and attempts in the finish event, complete() and onMetrics', BOUND, async () => {
      const { provider, reported } = setup(wire, [{ text: 'Hello there, how can I help?', usage: { inputTokens: 31, outputTokens: 7 }, delayMs: 5 }]);
      const before = Date.now();
      const result = await provider.complete(HELLO);
      const { metrics } = result;
      assert.equal(metrics.provider, wire === 'openai' ? 'openai-compatible' : 'anthropic');
      assert.equal(metrics.model, wire === 'openai' ? 'gpt-4o-mini' : 'claude-test');
      assert.ok(metrics.startedAt >= before && metrics.startedAt <= Date.now());
      assert.ok(metrics.timeToFirstTokenMs !== undefined && metrics.timeToFirstTokenMs >= 0);
      assert.ok(metrics.durationMs >= metrics.timeToFirstTokenMs);
      assert.equal(metrics.inputTokens, 31);
      assert.equal(metrics.outputTokens, 7);
      assert.equal(metrics.attempts, 1);
      assert.equal(metrics.outcome, 'finished');
      assert.equal(metrics.error, undefined);
      assert.deepEqual(reported, [metrics]);
    });

    it('retries count as attempts', BOUND, async () => {
      const { provider } = setup(wire, [{ status: 500 }, { status: 429 }, { text: 'ok' }]);
      assert.equal((await provider.complete(HELLO)).metrics.attempts, 3);
    });

    it('a failed call still reports, with the error kind and status', BOUND, async () => {
      const { provider, reported } = setup(wire, [{ status: 500 }, { status: 500 }, { status: 500 }]);
      await assert.rejects(provider.complete(HELLO));
      assert.equal(reported.length, 1);
      assert.equal(reported[0]!.outcome, 'failed');
      assert.equal(reported[0]!.attempts, 3);
      assert.equal(reported[0]!.error?.kind, 'http');
      assert.equal(reported[0]!.error?.status, 500);
      assert.equal(reported[0]!.timeToFirstTokenMs, undefined);
    });

    it('a failure mid-stream reports the time to first token it had reached', BOUND, async () => {
      const { provider, reported } = setup(wire, [{ text: 'some words before the cut', fault: { type: 'cut', afterEvents: 'end' } }]);
      const { error } = await drain(provider.stream(HELLO));
      assert.equal(error?.kind, 'protocol');
      assert.equal(reported[0]!.error?.kind, 'protocol');
      assert.ok(reported[0]!.timeToFirstTokenMs !== undefined);
    });

    it('a call with no text and no tool call has no time to first token', BOUND, async () => {
      const { provider } = setup(wire, [{ text: '' }]);
      const { metrics } = await provider.complete(HELLO);
      assert.equal(metrics.timeToFirstTokenMs, undefined);
    });

    it('a throwing onMetrics does not fail the call', BOUND, async () => {
      const { provider, reported } = setup(wire, [{ text: 'fine' }], () => {
        throw new Error('sink down');
      });
      assert.equal((await provider.complete(HELLO)).content, 'fine');
      assert.equal(reported.length, 1);
    });
  });
}
