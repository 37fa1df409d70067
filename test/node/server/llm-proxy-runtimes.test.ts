import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLlmProxy, createSessionHandler, createSessionTokens, type DddkHandler } from '../../../server/index.js';
import { listen, type Started } from './llm-proxy-support.js';

// The handlers are plain Request → Response functions: this is how a Worker, Deno or Bun calls them,
// with no Node http anywhere between.
describe('fetch-native runtime shape (a Worker module: `export default { fetch }`)', () => {
  const calls: Array<{ url: string; headers: Headers; body: string }> = [];
  const upstreamFetch: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), headers: new Headers(init?.headers), body: String(init?.body) });
    const body = [
      'event: message_start\ndata: {"type":"message_start","message":{"id":"m1","usage":{"input_tokens":21,"output_tokens":1}}}\n\n',
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}\n\n',
      'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":5}}\n\n',
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    ].join('');
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  const tokens = createSessionTokens({ secret: 'a'.repeat(40) });
  const usage: unknown[] = [];
  const proxy = createLlmProxy({ upstream: { kind: 'anthropic', baseUrl: 'https://api.anthropic.com', apiKey: 'sk-ant-secret-key-000000000000' }, tokens, models: ['claude-x'], fetch: upstreamFetch, onUsage: (report) => usage.push(report), allowedHosts: ['copilot.example'] });
  const session = createSessionHandler({ tokens, allowedHosts: ['copilot.example'] });
  const worker = { fetch: (request: Request) => (new URL(request.url).pathname === '/api/session' ? session(request) : proxy(request)) };

  test('a session, then an Anthropic Messages stream with x-api-key added and usage counted', async () => {
    const { token } = (await (await worker.fetch(new Request('https://copilot.example/api/session', { headers: { 'sec-fetch-site': 'same-origin' } }))).json()) as { token: string };
    const response = await worker.fetch(new Request('https://copilot.example/api/llm/v1/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: 'https://copilot.example', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ model: 'claude-x', max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    }));
    assert.equal(response.status, 200);
    assert.match(await response.text(), /text_delta[\s\S]*message_stop/);
    assert.equal(calls.at(-1)!.url, 'https://api.anthropic.com/v1/messages');
    assert.equal(calls.at(-1)!.headers.get('x-api-key'), 'sk-ant-secret-key-000000000000');
    assert.equal(calls.at(-1)!.headers.get('anthropic-version'), '2023-06-01');
    assert.equal(calls.at(-1)!.headers.get('authorization'), null);
    const report = usage.at(-1) as { inputTokens: number; outputTokens: number };
    assert.equal(report.inputTokens, 21);
    assert.equal(report.outputTokens, 5);
  });

  test('the Anthropic route refuses OpenAI-only fields, and the OpenAI route does not exist there', async () => {
    const { token } = (await (await worker.fetch(new Request('https://copilot.example/api/session'))).json()) as { token: string };
    const refused = await worker.fetch(new Request('https://copilot.example/api/llm/messages', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ model: 'claude-x', n: 2, messages: [{ role: 'user', content: 'x' }] }) }));
    assert.equal(refused.status, 400);
    const missing = await worker.fetch(new Request('https://copilot.example/api/llm/chat/completions', { method: 'POST' }));
    assert.equal(missing.status, 404);
  });

  test('a host outside allowedHosts is refused in this shape too', async () => {
    const response = await worker.fetch(new Request('https://rebound.example/api/session'));
    assert.equal(response.status, 421);
  });
});

describe('session endpoint', () => {
  let started: Started;
  const tokens = createSessionTokens({ ttlMs: 60_000 });
  before(async () => {
    const { toNodeListener } = await import('../../../server/node/index.js');
    const handler: DddkHandler = createSessionHandler({ tokens });
    started = await listen(toNodeListener(handler));
  });
  after(() => started.close());

  test('gives a token that verifies, expires when it says, and keeps the visitor on renewal', async () => {
    const first = (await (await fetch(`${started.url}/api/session`)).json()) as { token: string; expiresAt: number };
    assert.ok(first.expiresAt > Date.now() && first.expiresAt <= Date.now() + 60_000);
    const checked = await tokens.verify(first.token);
    assert.ok(checked.ok);
    const renewed = (await (await fetch(`${started.url}/api/session`, { headers: { authorization: `Bearer ${first.token}` } })).json()) as { token: string };
    const again = await tokens.verify(renewed.token);
    assert.ok(again.ok && checked.ok && again.claims.visitor === checked.claims.visitor);
  });

  test('refuses cross-site requests and other methods; sends no CORS header', async () => {
    const cross = await fetch(`${started.url}/api/session`, { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    assert.equal(cross.status, 403);
    assert.equal(cross.headers.get('access-control-allow-origin'), null);
    assert.equal((await fetch(`${started.url}/api/session`, { method: 'POST' })).status, 405);
  });

  test('an expired token is refused as expired', async () => {
    let now = 1_000_000;
    const clocked = createSessionTokens({ ttlMs: 1000, now: () => now });
    const { token } = await clocked.issue();
    now += 1001;
    assert.deepEqual(await clocked.verify(token), { ok: false, reason: 'expired' });
    assert.deepEqual(await clocked.verify('v1.e30.AAAA'), { ok: false, reason: 'bad-signature' });
    assert.deepEqual(await clocked.verify('garbage'), { ok: false, reason: 'malformed' });
  });

  test('a short secret is refused with how to make one', () => {
    assert.throws(() => createSessionTokens({ secret: 'short' }), /at least 32 bytes.*openssl rand/);
  });
});

describe('proxy without an upstream', () => {
  test('answers 503 not_configured, saying what to set', async () => {
    const tokens = createSessionTokens();
    const proxy = createLlmProxy({ upstream: undefined, tokens });
    const { token } = await tokens.issue();
    const response = await proxy(new Request('http://localhost/api/llm/chat/completions', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' }));
    assert.equal(response.status, 503);
    assert.match(((await response.json()) as { error: { message: string } }).error.message, /upstream/);
  });

  test('createLlmProxy without tokens or authorize is a clear error', () => {
    assert.throws(() => createLlmProxy({ upstream: undefined }), /tokens.*authorize/);
  });
});


