import assert from 'node:assert/strict';
import http from 'node:http';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import type { DemoServer } from '../../../demo/server.mjs';
import {
  FIRST_SSE_CHUNK,
  LATER_SSE_CHUNKS,
  closedPort,
  rawRequest,
  startStubUpstream,
  startTestServer,
  within,
  type RawRequest,
  type StubUpstream,
} from './demo-server-fixtures.js';

const KEY = 'sk-proxy-test-secret';
const CHAT_BODY = JSON.stringify({ stream: true, messages: [{ role: 'user', content: 'Hello?' }] });

/**
 * Opens a streaming request and resolves on its first body chunk, leaving the response open.
 * `rest` collects everything after it until the end.
 */
function openStream(demo: DemoServer, body: string) {
  return new Promise<{ response: http.IncomingMessage; first: string; rest: Promise<string>; request: http.ClientRequest }>(
    (resolve, reject) => {
      const request = http.request(
        { host: demo.address, port: demo.port, path: '/api/llm/chat/completions', method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
        (response) => {
          response.once('data', (chunk: Buffer) => {
            const later: string[] = [];
            const rest = new Promise<string>((resolveRest, rejectRest) => {
              response.on('data', (next: Buffer) => later.push(next.toString('utf8')));
              response.on('end', () => resolveRest(later.join('')));
              response.on('error', rejectRest);
            });
            // A test that hangs up on purpose never awaits `rest`; its rejection is expected then.
            rest.catch(() => {});
            resolve({ response, first: chunk.toString('utf8'), rest, request });
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    },
  );
}

describe('demo server: the LLM proxy', { timeout: 30_000 }, () => {
  let upstream: StubUpstream;
  let demo: DemoServer;
  const request = (path: string, init: Omit<RawRequest, 'port' | 'host' | 'path'> = {}) =>
    rawRequest({ port: demo.port, host: demo.address, path, ...init });

  beforeEach(async () => {
    upstream = await startStubUpstream();
    demo = await startTestServer({
      env: { DDDK_LLM_BASE_URL: upstream.baseUrl, DDDK_LLM_API_KEY: KEY, DDDK_LLM_MODEL: 'stub-default' },
    });
  });
  afterEach(async () => {
    await demo.close();
    await upstream.close();
  });

  it('streams server-sent events through as they arrive, before the upstream has finished', async () => {
    const stream = await within(openStream(demo, CHAT_BODY), 3000, 'the first SSE chunk through the proxy');
    assert.equal(stream.first, FIRST_SSE_CHUNK);
    assert.equal(upstream.streamEnded(), false, 'the first chunk arrived while the upstream was still streaming');
    assert.equal(stream.response.statusCode, 200);
    assert.equal(stream.response.headers['content-type'], 'text/event-stream');
    upstream.releaseStream();
    assert.equal(await within(stream.rest, 3000, 'the rest of the stream'), LATER_SSE_CHUNKS.join(''));
  });

  it('adds the key upstream, drops the browser cookies and Authorization, and never echoes the key', async () => {
    upstream.releaseStream();
    const response = await request('/api/llm/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'session=browser-cookie', authorization: 'Bearer browser-token' },
      body: CHAT_BODY,
    });
    assert.equal(response.status, 200);
    const [seen] = upstream.requests;
    assert.equal(seen.url, '/v1/chat/completions');
    assert.equal(seen.headers.authorization, `Bearer ${KEY}`);
    assert.equal(seen.headers.cookie, undefined);
    assert.ok(!JSON.stringify(seen.headers).includes('browser-token'));
    assert.ok(!JSON.stringify(response.headers).includes(KEY));
    assert.ok(!response.body.includes(KEY));
    assert.equal(response.headers['set-cookie'], undefined, "the upstream's cookies stay on the server");
    assert.equal(response.headers['x-request-id'], 'req_stub_1');
  });

  it('injects the default model when the body names none, and keeps a model the body names', async () => {
    upstream.releaseStream();
    await request('/api/llm/chat/completions', { method: 'POST', body: CHAT_BODY });
    const ownModel = JSON.stringify({ model: 'chosen-by-page', messages: [] });
    await request('/api/llm/chat/completions', { method: 'POST', body: ownModel });
    assert.equal(JSON.parse(upstream.requests[0].body).model, 'stub-default');
    assert.deepEqual(JSON.parse(upstream.requests[0].body).messages, JSON.parse(CHAT_BODY).messages);
    assert.equal(upstream.requests[1].body, ownModel, 'a body with a model is forwarded byte for byte');
  });

  it('proxies GET /api/llm/models', async () => {
    const response = await request('/api/llm/models');
    assert.equal(response.status, 200);
    assert.equal(JSON.parse(response.body).data[0].id, 'stub-model');
    assert.equal(upstream.requests[0].url, '/v1/models');
    assert.equal(upstream.requests[0].headers.authorization, `Bearer ${KEY}`);
  });

  it("passes the upstream's error status and content type through", async () => {
    const response = await request('/api/llm/chat/completions', { method: 'POST', body: JSON.stringify({ model: 'answer-401', messages: [] }) });
    assert.equal(response.status, 401);
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
    assert.match(response.body, /Incorrect API key/);
  });

  it('is an allowlist: other routes and methods are refused without reaching the upstream', async () => {
    const refused: Array<[string, string, number]> = [
      ['POST', '/api/llm/embeddings', 404],
      ['POST', '/api/llm/chat/completions/extra', 404],
      ['POST', '/api/llm/../../v1/chat/completions', 404],
      ['GET', '/api/llm/', 404],
      ['GET', '/api/llm/chat/completions', 405],
      ['DELETE', '/api/llm/models', 405],
    ];
    for (const [method, path, status] of refused) {
      const response = await request(path, { method });
      assert.equal(response.status, status, `${method} ${path}`);
      assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
    }
    assert.equal(upstream.requests.length, 0);
  });

  it('refuses a body that is not a JSON object', async () => {
    for (const body of ['{not json', '[1,2]']) {
      const response = await request('/api/llm/chat/completions', { method: 'POST', body });
      assert.equal(response.status, 400, body);
      assert.match(JSON.parse(response.body).error.message, /JSON/);
    }
    assert.equal(upstream.requests.length, 0);
  });

  it('answers 413 to a body over 4 MiB, whether announced or discovered while reading', async () => {
    const oversized = Buffer.alloc(4 * 1024 * 1024 + 1, 0x20);
    const response = await request('/api/llm/chat/completions', { method: 'POST', body: oversized });
    assert.equal(response.status, 413);
    assert.match(JSON.parse(response.body).error.message, /limit of 4194304 bytes/);

    const chunked = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: demo.address, port: demo.port, path: '/api/llm/chat/completions', method: 'POST', agent: false, headers: { 'transfer-encoding': 'chunked' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      for (let sent = 0; sent < 5; sent++) req.write(Buffer.alloc(1024 * 1024, 0x20));
      req.end();
    });
    assert.equal(chunked, 413);

    const announcedHuge = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: demo.address, port: demo.port, path: '/api/llm/chat/completions', method: 'POST', agent: false, headers: { 'content-length': String(64 * 1024 * 1024) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      req.write('{');
    });
    assert.equal(announcedHuge, 413);
    assert.equal(upstream.requests.length, 0);
  });

  it('aborts the upstream request when the browser disconnects mid-stream', async () => {
    const stream = await within(openStream(demo, CHAT_BODY), 3000, 'the first SSE chunk');
    stream.request.destroy();
    await within(upstream.streamAbortedEarly, 3000, 'the upstream stream to be closed by the proxy');
    assert.equal(upstream.streamEnded(), false);
  });
});

describe('demo server: the LLM proxy without a reachable upstream', { timeout: 15_000 }, () => {
  it('answers 502 naming DDDK_LLM_BASE_URL when the upstream is down', async () => {
    const port = await closedPort();
    const demo = await startTestServer({ env: { DDDK_LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, DDDK_LLM_API_KEY: KEY } });
    try {
      const response = await rawRequest({ port: demo.port, host: demo.address, path: '/api/llm/chat/completions', method: 'POST', body: CHAT_BODY });
      assert.equal(response.status, 502);
      assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
      const { error } = JSON.parse(response.body);
      assert.match(error.message, /DDDK_LLM_BASE_URL/);
      assert.match(error.message, /ECONNREFUSED/);
      assert.ok(!response.body.includes(KEY));
      assert.ok(!response.body.includes(String(port)), 'the upstream address stays on the server');
    } finally {
      await demo.close();
    }
  });

  it('answers 503 saying to set DDDK_LLM_BASE_URL when no upstream is configured', async () => {
    const demo = await startTestServer();
    try {
      for (const [method, path] of [['POST', '/api/llm/chat/completions'], ['GET', '/api/llm/models']]) {
        const response = await rawRequest({ port: demo.port, host: demo.address, path, method, body: method === 'POST' ? CHAT_BODY : undefined });
        assert.equal(response.status, 503, path);
        assert.match(JSON.parse(response.body).error.message, /set DDDK_LLM_BASE_URL/);
      }
    } finally {
      await demo.close();
    }
  });

  it('sends the credentials of DDDK_LLM_BASE_URL as Basic auth when no key is set', async () => {
    const upstream = await startStubUpstream();
    const withCredentials = upstream.baseUrl.replace('http://', 'http://demo%40user:p%3Ass@');
    const demo = await startTestServer({ env: { DDDK_LLM_BASE_URL: withCredentials } });
    try {
      const response = await rawRequest({ port: demo.port, host: demo.address, path: '/api/llm/models', headers: { authorization: 'Bearer browser-token' } });
      assert.equal(response.status, 200);
      assert.equal(upstream.requests[0].headers.authorization, `Basic ${Buffer.from('demo@user:p:ss').toString('base64')}`);
    } finally {
      await demo.close();
      await upstream.close();
    }
  });
});
