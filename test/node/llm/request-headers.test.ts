import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMError, anthropic, openAICompatible, type CallMetrics } from '../../../core/llm/index.js';
import { BOUND, HELLO, WIRES, answeringFetch, drain, fakeProvider, fixture, jsonResponse, type Wire } from './support.js';

const ANSWER: Record<Wire, string> = { openai: fixture('llamacpp-no-done.sse'), anthropic: fixture('anthropic-redacted-thinking.sse') };
const expired = () => jsonResponse(401, { error: { code: 'session_expired', message: 'The session token expired.' } });

/** A headers function that hands out token-1, token-2… and records how it was called. */
function tokens() {
  const calls: Array<{ refresh?: boolean } | undefined> = [];
  let issued = 0;
  const headers = async (options?: { refresh?: boolean }) => {
    calls.push(options);
    if (options?.refresh || issued === 0) issued++;
    return { authorization: `Bearer token-${issued}` };
  };
  return { headers, calls };
}

for (const wire of WIRES) {
  describe(`${wire}: headers given as a function`, () => {
    it('is called before every request, retries included, and its headers win over the provider’s own', BOUND, async () => {
      const { headers, calls } = tokens();
      const { fetch, requests } = answeringFetch([jsonResponse(503, { error: { message: 'busy' } }), ANSWER[wire], ANSWER[wire]]);
      const provider = fakeProvider(wire, fetch, { headers, apiKey: 'k' });
      await provider.complete(HELLO);
      await provider.complete(HELLO);
      assert.equal(requests.length, 3);
      assert.deepEqual(calls, [undefined, undefined, undefined]);
      for (const request of requests) assert.equal(request.headers.authorization, 'Bearer token-1');
      assert.equal(requests[0]!.headers['content-type'], 'application/json');
    });

    for (const code of ['session_expired', 'session_required']) {
      it(`a 401 with ${code} asks for fresh headers and sends once more, outside the retry budget`, BOUND, async () => {
        const { headers, calls } = tokens();
        const metrics: CallMetrics[] = [];
        const { fetch, requests } = answeringFetch([jsonResponse(401, { error: { code, message: 'no session' } }), ANSWER[wire]]);
        const result = await fakeProvider(wire, fetch, { headers, maxRetries: 0, onMetrics: (m) => metrics.push(m) }).complete(HELLO);
        assert.ok(result.content.length > 0);
        assert.deepEqual(calls, [undefined, { refresh: true }]);
        assert.deepEqual(requests.map((request) => request.headers.authorization), ['Bearer token-1', 'Bearer token-2']);
        assert.deepEqual(requests[0]!.body, requests[1]!.body);
        assert.equal(metrics[0]!.attempts, 2);
      });
    }

    it('a second refusal stands: exactly one refreshed request, and an error that names the session', BOUND, async () => {
      const { headers, calls } = tokens();
      const { fetch, requests } = answeringFetch([expired(), expired(), ANSWER[wire]]);
      const { error } = await drain(fakeProvider(wire, fetch, { headers, maxRetries: 2 }).stream(HELLO));
      assert.ok(error instanceof LLMError);
      assert.equal(error.status, 401);
      assert.equal(error.retryable, false);
      assert.match(error.message, /refused the session \(HTTP 401, session_expired\): The session token expired\./);
      assert.match(error.message, /`headers`/);
      assert.equal(requests.length, 2);
      assert.deepEqual(calls, [undefined, { refresh: true }]);
    });

    it('a 401 for another reason is not retried, and fixed headers are never retried either', BOUND, async () => {
      const { headers, calls } = tokens();
      const other = answeringFetch([jsonResponse(401, { error: { code: 'invalid_api_key', message: 'bad key' } }), ANSWER[wire]]);
      const { error } = await drain(fakeProvider(wire, other.fetch, { headers }).stream(HELLO));
      assert.match(error?.message ?? '', /bad key/);
      assert.equal(other.requests.length, 1);
      assert.equal(calls.length, 1);

      const fixed = answeringFetch([expired(), ANSWER[wire]]);
      const refused = await drain(fakeProvider(wire, fixed.fetch, { headers: { authorization: 'Bearer old' } }).stream(HELLO));
      assert.equal(refused.error?.status, 401);
      assert.equal(fixed.requests.length, 1);
      assert.equal(fixed.requests[0]!.headers.authorization, 'Bearer old');
    });

    it('a headers function that throws fails the call with an LLMError naming `headers`, and sends nothing', BOUND, async () => {
      const { fetch, requests } = answeringFetch([ANSWER[wire]]);
      const headers = async () => {
        throw new Error('GET /api/session for a session token failed with HTTP 403');
      };
      const { error } = await drain(fakeProvider(wire, fetch, { headers }).stream(HELLO));
      assert.ok(error instanceof LLMError);
      assert.equal(error.retryable, false);
      assert.match(error.message, /the `headers` function failed, so nothing was sent: GET \/api\/session .* HTTP 403/);
      assert.equal(requests.length, 0);
    });

    it('a headers function that returns no record is refused the same way', BOUND, async () => {
      const { fetch, requests } = answeringFetch([ANSWER[wire]]);
      const { error } = await drain(fakeProvider(wire, fetch, { headers: (() => ({ authorization: 7 })) as never }).stream(HELLO));
      assert.match(error?.message ?? '', /must return an object of header names to string values; header "authorization" is a number \(7\)/);
      assert.equal(requests.length, 0);
    });

    it('an abort while the headers function is pending ends the call as aborted', BOUND, async () => {
      const { fetch, requests } = answeringFetch([ANSWER[wire]]);
      const controller = new AbortController();
      const headers = () => new Promise<Record<string, string>>(() => {});
      setTimeout(() => controller.abort(), 20);
      const { error } = await drain(fakeProvider(wire, fetch, { headers }).stream({ ...HELLO, signal: controller.signal }));
      assert.equal(error?.kind, 'aborted');
      assert.equal(requests.length, 0);
    });
  });
}

describe('headers option checks', () => {
  it('refuses a headers option that is neither a record of strings nor a function, naming the field', () => {
    assert.throws(() => openAICompatible({ baseURL: 'http://x/v1', model: 'm', headers: 'Bearer x' as never }), /openAICompatible: `headers` must be an object of header names to string values, or a function/);
    assert.throws(() => anthropic({ model: 'c', headers: { 'x-n': 1 } as never }), /anthropic: `headers` .* header "x-n" is a number \(1\)/);
    assert.doesNotThrow(() => openAICompatible({ baseURL: 'http://x/v1', model: 'm', headers: () => ({}) }));
  });
});
