import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createServerSession, ServerSessionError } from '../../../core/llm/index.js';
import { BOUND, HELLO, fakeProvider, fixture, jsonResponse, sseResponse } from './support.js';

interface SessionRequest {
  url: string;
  init: RequestInit | undefined;
}

/** A session endpoint that issues token-1, token-2… each valid for `lifetimeMs`, or answers from `answers` first. */
function sessionEndpoint(lifetimeMs: number, answers: Array<Response | Error> = []) {
  const requests: SessionRequest[] = [];
  let issued = 0;
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const next = answers.shift();
    if (next instanceof Error) throw next;
    if (next) return next;
    issued++;
    return jsonResponse(200, { token: `token-${issued}`, expiresAt: Date.now() + lifetimeMs });
  }) as typeof fetch;
  return { fetch: fetchImpl, requests };
}

const HOUR = 3_600_000;

describe('createServerSession', () => {
  it('GETs /api/session, same-origin and never from a cache, and answers a bearer header', BOUND, async () => {
    const endpoint = sessionEndpoint(HOUR);
    const session = createServerSession({ fetch: endpoint.fetch });
    assert.deepEqual(await session.headers(), { authorization: 'Bearer token-1' });
    const [request] = endpoint.requests;
    assert.equal(request!.url, '/api/session');
    assert.equal(request!.init?.method, 'GET');
    assert.equal(request!.init?.credentials, 'same-origin');
    assert.equal(request!.init?.cache, 'no-store');
  });

  it('keeps the token until 30 s before it expires', BOUND, async () => {
    const lasting = sessionEndpoint(HOUR);
    const session = createServerSession({ url: '/s', fetch: lasting.fetch });
    await session.headers();
    assert.deepEqual(await session.headers(), { authorization: 'Bearer token-1' });
    assert.equal(lasting.requests.length, 1);

    const dying = sessionEndpoint(20_000);
    const short = createServerSession({ url: '/s', fetch: dying.fetch });
    assert.deepEqual(await short.headers(), { authorization: 'Bearer token-1' });
    assert.deepEqual(await short.headers(), { authorization: 'Bearer token-2' }, 'within 30 s of expiring: fetched again');
    assert.equal(dying.requests.length, 2);
  });

  it('fetches a new token when asked to refresh', BOUND, async () => {
    const endpoint = sessionEndpoint(HOUR);
    const session = createServerSession({ fetch: endpoint.fetch });
    await session.headers();
    assert.deepEqual(await session.headers({ refresh: true }), { authorization: 'Bearer token-2' });
    assert.deepEqual(await session.headers(), { authorization: 'Bearer token-2' });
    assert.equal(endpoint.requests.length, 2);
  });

  it('shares one request between callers that ask at the same time', BOUND, async () => {
    const endpoint = sessionEndpoint(HOUR);
    const session = createServerSession({ fetch: endpoint.fetch });
    const all = await Promise.all([session.headers(), session.headers(), session.headers({ refresh: true })]);
    assert.deepEqual(all, Array(3).fill({ authorization: 'Bearer token-1' }));
    assert.equal(endpoint.requests.length, 1);
  });

  it('a failed fetch throws an error naming the URL, the status and what to do; the next call tries again', BOUND, async () => {
    const endpoint = sessionEndpoint(HOUR, [new Response('nope', { status: 404 }), new Response('', { status: 403 }), new Response('', { status: 502 })]);
    const session = createServerSession({ url: '/api/session', fetch: endpoint.fetch });
    await assert.rejects(session.headers(), (error: unknown) => {
      assert.ok(error instanceof ServerSessionError);
      assert.equal(error.code, 'server-session');
      assert.equal(error.status, 404);
      assert.equal(error.url, '/api/session');
      assert.match(error.message, /^GET \/api\/session for a session token failed with HTTP 404; serve the session endpoint there, or pass its address as `url`/);
      return true;
    });
    await assert.rejects(session.headers(), /HTTP 403; the server would not open a session for this visitor/);
    await assert.rejects(session.headers(), /HTTP 502; retry later/);
    assert.deepEqual(await session.headers(), { authorization: 'Bearer token-1' });
    assert.equal(endpoint.requests.length, 4);
  });

  it('a network failure or an answer of the wrong shape is an error too, and never shows a token', BOUND, async () => {
    const endpoint = sessionEndpoint(HOUR, [
      new TypeError('fetch failed'),
      new Response('<html>', { status: 200 }),
      jsonResponse(200, { token: 'secret-token-value', expiresAt: 'tomorrow' }),
      jsonResponse(200, ['token']),
    ]);
    const session = createServerSession({ fetch: endpoint.fetch });
    await assert.rejects(session.headers(), /GET \/api\/session for a session token got no answer \(fetch failed\)/);
    await assert.rejects(session.headers(), /answered with something that is not JSON/);
    await assert.rejects(session.headers(), (error: Error) => {
      assert.match(error.message, /answered \{ token: a string, expiresAt: the string "tomorrow" \}; it must answer \{ "token": a non-empty string, "expiresAt": epoch ms \}/);
      assert.ok(!error.message.includes('secret-token-value'));
      return true;
    });
    await assert.rejects(session.headers(), /answered an array/);
  });

  it('refuses a bad url or fetch option at once', () => {
    assert.throws(() => createServerSession({ url: '' }), /`url` must be the session endpoint's URL/);
    assert.throws(() => createServerSession({ fetch: 'no' as never }), /`fetch` must be a function/);
  });

  it('as a provider’s headers: a refused session is renewed and the call goes through', BOUND, async () => {
    const endpoint = sessionEndpoint(HOUR);
    const session = createServerSession({ fetch: endpoint.fetch });
    const sent: string[] = [];
    const llmFetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      const authorization = (init?.headers as Record<string, string>).authorization!;
      sent.push(authorization);
      if (authorization === 'Bearer token-1') return jsonResponse(401, { error: { code: 'session_expired', message: 'expired' } });
      return sseResponse(fixture('llamacpp-no-done.sse'));
    }) as typeof fetch;
    const provider = fakeProvider('openai', llmFetch, { headers: session.headers });
    assert.equal((await provider.complete(HELLO)).content, 'Hello world');
    assert.equal((await provider.complete(HELLO)).content, 'Hello world');
    assert.deepEqual(sent, ['Bearer token-1', 'Bearer token-2', 'Bearer token-2']);
    assert.equal(endpoint.requests.length, 2);
  });
});
