import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LLMError, openAICompatible } from '../../../core/llm/index.js';
import { backoffDelay, parseRetryAfter } from '../../../core/llm/retry.js';
import { sleep, SleepAborted } from '../../../core/util/sleep.js';
import { startMockLLM, type MockLLM, type MockResponse } from '../../support/mock-llm/server.js';
import { BOUND, FAST, HELLO, WIRES, closedPortURL, providerFor, scenarioId, type ProviderOverrides, type Wire } from './support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

async function call(wire: Wire, responses: MockResponse[], overrides: ProviderOverrides = {}) {
  const id = scenarioId(`retry-${wire}`);
  mock.script(id, responses);
  const started = Date.now();
  try {
    const result = await providerFor(mock, wire, id, overrides).complete(HELLO);
    return { result, error: undefined, elapsed: Date.now() - started, requests: mock.requests(id).length };
  } catch (error) {
    return { result: undefined, error: error as LLMError, elapsed: Date.now() - started, requests: mock.requests(id).length };
  }
}

describe('parseRetryAfter', () => {
  const headers = (init: Record<string, string>) => new Headers(init);

  it('reads seconds, fractional seconds, HTTP dates and retry-after-ms', () => {
    assert.equal(parseRetryAfter(headers({ 'retry-after': '3' })), 3000);
    assert.equal(parseRetryAfter(headers({ 'retry-after': '0.25' })), 250);
    const now = Date.parse('2030-01-01T00:00:00Z');
    assert.equal(parseRetryAfter(headers({ 'retry-after': 'Tue, 01 Jan 2030 00:00:05 GMT' }), now), 5000);
    assert.equal(parseRetryAfter(headers({ 'retry-after': 'Mon, 31 Dec 2029 23:59:00 GMT' }), now), 0, 'a date in the past means now');
    assert.equal(parseRetryAfter(headers({ 'retry-after-ms': '120', 'retry-after': '9' })), 120, 'the precise header wins');
  });

  it('ignores absent and unreadable values', () => {
    assert.equal(parseRetryAfter(headers({})), undefined);
    assert.equal(parseRetryAfter(headers({ 'retry-after': 'soon' })), undefined);
    assert.equal(parseRetryAfter(headers({ 'retry-after': '-5' })), undefined);
  });
});

describe('backoffDelay', () => {
  it('draws from 0 up to a ceiling that doubles per retry and stops at the cap', () => {
    assert.equal(backoffDelay(1, 100, 10_000, () => 0.999), 99);
    assert.equal(backoffDelay(2, 100, 10_000, () => 0.999), 199);
    assert.equal(backoffDelay(3, 100, 10_000, () => 0.5), 200);
    assert.equal(backoffDelay(20, 100, 1_000, () => 0.999), 999);
    assert.equal(backoffDelay(4, 100, 10_000, () => 0), 0);
  });
});

describe('sleep', () => {
  it('ends early with SleepAborted when the signal aborts', BOUND, async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 20);
    await assert.rejects(sleep(10_000, controller.signal), SleepAborted);
    assert.ok(Date.now() - started < 5_000);
    await assert.rejects(sleep(10, AbortSignal.abort()), SleepAborted);
  });
});

describe('Retry-After over the wire (one provider each: the retry code is shared)', () => {
  it('openai: waits the Retry-After seconds before retrying', BOUND, async () => {
    const { result, elapsed, requests } = await call('openai', [{ status: 429, retryAfter: 1 }, { text: 'ok' }]);
    assert.equal(result?.content, 'ok');
    assert.equal(requests, 2);
    assert.ok(elapsed >= 950, `waited only ${elapsed} ms`);
  });

  it('anthropic: waits until a Retry-After HTTP date before retrying', BOUND, async () => {
    const date = new Date(Date.now() + 1_000).toUTCString();
    const { result, requests } = await call('anthropic', [{ status: 503, retryAfter: date }, { text: 'ok' }]);
    assert.equal(result?.content, 'ok');
    assert.equal(requests, 2);
  });
});

for (const wire of WIRES) {
  describe(`${wire}: retries`, () => {
    it('honours retry-after-ms', BOUND, async () => {
      const { result, elapsed } = await call(wire, [{ status: 429, headers: { 'retry-after-ms': '150' } }, { text: 'ok' }]);
      assert.equal(result?.content, 'ok');
      assert.ok(elapsed >= 140, `waited only ${elapsed} ms`);
    });

    it('gives up at once, retryable, when Retry-After exceeds maxRetryDelayMs', BOUND, async () => {
      const { error, requests } = await call(wire, [{ status: 429, retryAfter: 3600, error: { message: 'quota' } }, { text: 'never' }]);
      assert.ok(error instanceof LLMError);
      assert.equal(error.kind, 'http');
      assert.equal(error.status, 429);
      assert.equal(error.retryable, true);
      assert.equal(error.retryAfterMs, 3_600_000);
      assert.match(error.message, /`maxRetryDelayMs`/);
      assert.match(error.message, /quota/);
      assert.equal(requests, 1);
    });

    it('with no retries left, a Retry-After is reported on the error rather than waited for', BOUND, async () => {
      const { error, requests } = await call(wire, [{ status: 429, retryAfter: 30 }], { maxRetries: 0 });
      assert.equal(error?.retryAfterMs, 30_000);
      assert.equal(requests, 1);
    });

    it('retries 408 and 409, not 400, 403 or 404', BOUND, async () => {
      assert.equal((await call(wire, [{ status: 408 }, { status: 409 }, { text: 'ok' }])).requests, 3);
      for (const status of [400, 403, 404]) {
        const { error, requests } = await call(wire, [{ status }, { text: 'never' }]);
        assert.equal(error?.status, status);
        assert.equal(error?.retryable, false);
        assert.equal(requests, 1, `HTTP ${status}`);
      }
    });

    it('404 points at baseURL and model', BOUND, async () => {
      const { error } = await call(wire, [{ status: 404, error: { message: 'model not found' } }]);
      assert.match(error?.message ?? '', /model not found.*Check `baseURL` and `model`/);
    });

    it('maxRetries 0 means one attempt', BOUND, async () => {
      const { error, requests } = await call(wire, [{ status: 500 }, { text: 'never' }], { maxRetries: 0 });
      assert.equal(error?.status, 500);
      assert.equal(error?.retryable, true);
      assert.equal(requests, 1);
    });

    it('an error body that is not JSON still reaches the message', BOUND, async () => {
      const { error } = await call(wire, [{ status: 502, body: '<html>Bad Gateway from proxy</html>' }], { maxRetries: 0 });
      assert.match(error?.message ?? '', /Bad Gateway from proxy/);
    });
  });
}

describe('network failures before the stream', () => {
  it('a refused connection is retried, then reported as a retryable network error naming baseURL', BOUND, async () => {
    const attempts: string[] = [];
    const provider = openAICompatible({
      baseURL: `${await closedPortURL()}/v1`,
      model: 'gpt-4o-mini',
      ...FAST,
      fetch: (input, init) => {
        attempts.push(String(input));
        return fetch(input, init);
      },
    });
    await assert.rejects(provider.complete(HELLO), (error: LLMError) => {
      assert.equal(error.kind, 'network');
      assert.equal(error.retryable, true);
      assert.match(error.message, /^openai-compatible\(gpt-4o-mini\): the connection failed/);
      assert.match(error.message, /ECONNREFUSED/);
      assert.match(error.message, /Check `baseURL`/);
      return true;
    });
    assert.equal(attempts.length, 3);
  });

  it('a relative baseURL outside a page fails at once, not retried, naming baseURL', BOUND, async () => {
    let attempts = 0;
    const provider = openAICompatible({
      baseURL: '/api/llm/v1',
      model: 'm',
      ...FAST,
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
    });
    await assert.rejects(provider.complete(HELLO), (error: LLMError) => {
      assert.equal(error.kind, 'network');
      assert.equal(error.retryable, false);
      assert.match(error.message, /not valid here.*Check `baseURL`/);
      return true;
    });
    assert.equal(attempts, 1);
  });

  it('an answer that is JSON instead of an event stream is a protocol error pointing at baseURL', BOUND, async () => {
    const provider = openAICompatible({
      baseURL: 'http://example.invalid/v1',
      model: 'm',
      ...FAST,
      fetch: async () => new Response(JSON.stringify({ choices: [] }), { status: 200, headers: { 'content-type': 'application/json' } }),
    });
    await assert.rejects(provider.complete(HELLO), (error: LLMError) => {
      assert.equal(error.kind, 'protocol');
      assert.match(error.message, /application\/json.*instead of an event stream/);
      assert.match(error.message, /`baseURL`/);
      return true;
    });
  });
});
