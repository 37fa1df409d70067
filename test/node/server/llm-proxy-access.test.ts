import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API_KEY, CHAT, chunk, fakeUpstream, proxyRig, sse, type ProxyRig } from './llm-proxy-support.js';

// Who may spend the key: the site's own pages with a session token, nobody else.
describe('LLM proxy: access', () => {
  let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
  let rig: ProxyRig;
  before(async () => {
    upstream = await fakeUpstream((_req, res) => sse(res, [chunk('Hello'), '[DONE]']));
    rig = await proxyRig(upstream.url);
  });
  after(async () => {
    await rig.close();
    await upstream.close();
  });

  test('a same-origin request with a session token streams through, with the key added upstream', async () => {
    const response = await rig.chat(CHAT);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const text = await response.text();
    assert.match(text, /Hello/);
    assert.equal(upstream.seen.at(-1)!.headers.authorization, `Bearer ${API_KEY}`);
  });

  test('without a token: 401 session_required, and the upstream is never called', async () => {
    const calls = upstream.seen.length;
    const response = await rig.chat(CHAT, { headers: { authorization: '' } });
    assert.equal(response.status, 401);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'session_required');
    assert.equal(upstream.seen.length, calls);
  });

  test('a forged or expired-looking token is refused', async () => {
    const forged = `${rig.token.slice(0, -4)}AAAA`;
    const response = await rig.chat(CHAT, { headers: { authorization: `Bearer ${forged}` } });
    assert.equal(response.status, 401);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'session_invalid');
  });

  test('another origin is refused even with a token (a page that somehow got one)', async () => {
    const response = await rig.chat(CHAT, { headers: { origin: 'https://evil.example' } });
    assert.equal(response.status, 403);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'origin_refused');
  });

  test('the shapes another origin can send blind are refused: a no-cors text/plain post and a beacon', async () => {
    const calls = upstream.seen.length;
    const noCors = await fetch(`${rig.url}/api/llm/chat/completions`, { method: 'POST', body: JSON.stringify(CHAT), headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' } });
    assert.equal(noCors.status, 403);
    const beacon = await fetch(`${rig.url}/api/llm/chat/completions`, { method: 'POST', body: JSON.stringify(CHAT), headers: { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' } });
    assert.equal(beacon.status, 403);
    // Even same-origin, a text/plain body (what a form or beacon sends) is refused.
    const plain = await rig.chat(CHAT, { headers: { 'content-type': 'text/plain' } });
    assert.equal(plain.status, 415);
    assert.equal(upstream.seen.length, calls);
  });

  test('a Host the server does not answer to is refused (DNS rebinding)', async () => {
    const http = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${rig.url}/api/llm/chat/completions`, { method: 'POST', headers: { host: 'attacker.example:8080', 'content-type': 'application/json', authorization: `Bearer ${rig.token}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify(CHAT));
    });
    assert.equal(status, 421);
  });

  test('answers carry no CORS headers and are JSON for every refusal', async () => {
    const response = await rig.chat(CHAT, { headers: { origin: 'https://evil.example' } });
    assert.equal(response.headers.get('access-control-allow-origin'), null);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  });

  test('only the proxied routes and methods answer', async () => {
    const other = await fetch(`${rig.url}/api/llm/embeddings`, { method: 'POST' });
    assert.equal(other.status, 404);
    const get = await fetch(`${rig.url}/api/llm/chat/completions`);
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
  });
});

describe('LLM proxy: request policy', () => {
  let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
  let rig: ProxyRig;
  before(async () => {
    upstream = await fakeUpstream((_req, res) => sse(res, [chunk('ok'), '[DONE]']));
    rig = await proxyRig(upstream.url, { limits: { maxOutputTokens: 1000, maxMessages: 3, maxTools: 2 } });
  });
  after(async () => {
    await rig.close();
    await upstream.close();
  });

  const refusal = async (body: unknown) => {
    const response = await rig.chat(body);
    const json = (await response.json()) as { error: { code: string; message: string } };
    return { status: response.status, ...json.error };
  };

  test('a model outside the allowlist is refused with the allowed ones named', async () => {
    const refused = await refusal({ ...CHAT, model: 'gpt-4-32k' });
    assert.equal(refused.status, 403);
    assert.equal(refused.code, 'model_not_allowed');
    assert.match(refused.message, /test-model/);
  });

  test('cost multipliers are capped: n, max_tokens, top_logprobs, logprobs, messages, tools', async () => {
    assert.equal((await refusal({ ...CHAT, n: 8 })).status, 400);
    assert.equal((await refusal({ ...CHAT, max_tokens: 100000 })).status, 400);
    assert.equal((await refusal({ ...CHAT, max_completion_tokens: 5000 })).status, 400);
    assert.equal((await refusal({ ...CHAT, top_logprobs: 20, logprobs: true })).status, 400);
    assert.equal((await refusal({ ...CHAT, logprobs: true })).status, 400);
    assert.equal((await refusal({ ...CHAT, messages: Array.from({ length: 4 }, () => ({ role: 'user', content: 'x' })) })).status, 400);
    const tool = { type: 'function', function: { name: 't', parameters: {} } };
    assert.equal((await refusal({ ...CHAT, tools: [tool, tool, tool] })).status, 400);
  });

  test('unknown fields are not forwarded: the refusal names them and the option', async () => {
    const refused = await refusal({ ...CHAT, prediction: { type: 'content' } });
    assert.equal(refused.status, 400);
    assert.match(refused.message, /"prediction".*limits\.extraFields/);
  });

  test('malformed bodies get a clear 400', async () => {
    assert.equal((await refusal('{not json')).status, 400);
    assert.equal((await refusal('[1,2]')).status, 400);
    assert.equal((await refusal({ model: 'test-model' })).status, 400);
  });

  test('a request without a cap gets the server\'s; without a model, the default; usage is asked for', async () => {
    const { model: _model, ...withoutModel } = CHAT;
    const response = await rig.chat(withoutModel);
    assert.equal(response.status, 200);
    await response.text();
    const sent = JSON.parse(upstream.seen.at(-1)!.body) as Record<string, unknown>;
    assert.equal(sent.model, 'test-model');
    assert.equal(sent.max_tokens, 1000);
    assert.deepEqual(sent.stream_options, { include_usage: true });
  });

  test('GET models lists the allowlist, not the upstream\'s catalogue', async () => {
    const response = await fetch(`${rig.url}/api/llm/models`, { headers: { authorization: `Bearer ${rig.token}` } });
    assert.equal(response.status, 200);
    const json = (await response.json()) as { data: Array<{ id: string }> };
    assert.deepEqual(json.data.map((entry) => entry.id), ['test-model', 'other-model']);
  });
});
