// The demo's /api/llm/ is dddk/server's proxy (its own tests are in test/node/server/); these check
// the demo wires it up as documented: the session endpoint, the env settings, and what a page gets.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { DemoServer } from '../../../demo/server.mjs';
import { FIRST_SSE_CHUNK, closedPort, rawRequest, startStubUpstream, startTestServer, type RawRequest, type StubUpstream } from './demo-server-fixtures.js';

const KEY = 'sk-proxy-test-secret-000000';
const CHAT_BODY = JSON.stringify({ stream: true, messages: [{ role: 'user', content: 'Hello?' }] });

async function sessionToken(demo: DemoServer): Promise<string> {
  const response = await rawRequest({ port: demo.port, host: demo.address, path: '/api/session' });
  assert.equal(response.status, 200, response.body);
  return (JSON.parse(response.body) as { token: string }).token;
}

describe('demo server: the LLM proxy', { timeout: 30_000 }, () => {
  let upstream: StubUpstream;
  let demo: DemoServer;
  const request = (path: string, init: Omit<RawRequest, 'port' | 'host' | 'path'> = {}) => rawRequest({ port: demo.port, host: demo.address, path, ...init });

  beforeEach(async () => {
    upstream = await startStubUpstream();
    demo = await startTestServer({ env: { DDDK_LLM_BASE_URL: upstream.baseUrl, DDDK_LLM_API_KEY: KEY, DDDK_LLM_MODEL: 'stub-default' } });
  });
  afterEach(async () => {
    await demo.close();
    await upstream.close();
  });

  it('streams for a page holding a session token: key added upstream, default model injected, browser cookies dropped', async () => {
    upstream.releaseStream();
    const token = await sessionToken(demo);
    const response = await request('/api/llm/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'session=browser-cookie', authorization: `Bearer ${token}` },
      body: CHAT_BODY,
    });
    assert.equal(response.status, 200, response.body);
    assert.ok(response.body.startsWith(FIRST_SSE_CHUNK.replace('data: ', 'data: ')), response.body);
    const sent = upstream.requests.at(-1)!;
    assert.equal(sent.headers.authorization, `Bearer ${KEY}`);
    assert.equal(sent.headers.cookie, undefined);
    assert.equal(JSON.parse(sent.body).model, 'stub-default');
    assert.equal(response.headers['set-cookie'], undefined);
    assert.ok(!response.body.includes(KEY));
  });

  it('refuses a call without a session token before it reaches the upstream', async () => {
    const response = await request('/api/llm/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: CHAT_BODY });
    assert.equal(response.status, 401);
    assert.equal(JSON.parse(response.body).error.code, 'session_required');
    assert.equal(upstream.requests.length, 0);
  });

  it('allows only DDDK_LLM_MODEL when it is set, and lists only it', async () => {
    const token = await sessionToken(demo);
    const other = await request('/api/llm/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ model: 'gpt-4-32k', messages: [{ role: 'user', content: 'x' }] }) });
    assert.equal(other.status, 403);
    const models = await request('/api/llm/models', { headers: { authorization: `Bearer ${token}` } });
    assert.deepEqual(JSON.parse(models.body).data.map((entry: { id: string }) => entry.id), ['stub-default']);
  });

  it('a 401 from the upstream reaches the page as a 502 JSON error', async () => {
    await demo.close();
    demo = await startTestServer({ env: { DDDK_LLM_BASE_URL: upstream.baseUrl, DDDK_LLM_API_KEY: KEY, DDDK_LLM_MODEL: 'answer-401' } });
    const token = await sessionToken(demo);
    const response = await request('/api/llm/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: CHAT_BODY });
    assert.equal(response.status, 502);
    assert.match(String(response.headers['content-type']), /^application\/json/);
  });

  it('sends the credentials of DDDK_LLM_BASE_URL as Basic auth when no key is set, and never to the page', async () => {
    await demo.close();
    const withCredentials = upstream.baseUrl.replace('http://', 'http://alice:s3cret-pass@');
    demo = await startTestServer({ env: { DDDK_LLM_BASE_URL: withCredentials, DDDK_LLM_MODEL: 'stub-default' } });
    upstream.releaseStream();
    const token = await sessionToken(demo);
    const response = await request('/api/llm/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: CHAT_BODY });
    assert.equal(response.status, 200);
    assert.equal(upstream.requests.at(-1)!.headers.authorization, `Basic ${Buffer.from('alice:s3cret-pass').toString('base64')}`);
    const health = await request('/api/health');
    assert.ok(!health.body.includes('s3cret'));
  });

  it('answers 502 when the upstream is down, and 503 naming DDDK_LLM_BASE_URL when none is configured', async () => {
    await demo.close();
    demo = await startTestServer({ env: { DDDK_LLM_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1`, DDDK_LLM_MODEL: 'm' } });
    let token = await sessionToken(demo);
    const down = await request('/api/llm/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: CHAT_BODY });
    assert.equal(down.status, 502);
    await demo.close();
    demo = await startTestServer({ env: {} });
    token = await sessionToken(demo);
    const none = await request('/api/llm/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: CHAT_BODY });
    assert.equal(none.status, 503);
    assert.match(JSON.parse(none.body).error.message, /DDDK_LLM_BASE_URL/);
  });
});
