import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startDemoServer } from '../../../demo/server.mjs';
import { rawRequest, startTestServer } from './demo-server-fixtures.js';

const KEY = 'sk-test-key-never-shown';

describe('demo server: /api/health and configuration', { timeout: 15_000 }, () => {
  it('reports no LLM endpoint when DDDK_LLM_BASE_URL is unset', async () => {
    const demo = await startTestServer();
    try {
      const response = await rawRequest({ port: demo.port, host: demo.address, path: '/api/health' });
      assert.equal(response.status, 200);
      assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
      assert.deepEqual(JSON.parse(response.body), { ok: true, llm: { configured: false } });
    } finally {
      await demo.close();
    }
  });

  it('reports the endpoint and default model, but never the key or the upstream URL', async () => {
    const demo = await startTestServer({
      env: { DDDK_LLM_BASE_URL: 'https://user:hunter2@llm.internal.example/v1?token=abc', DDDK_LLM_API_KEY: KEY, DDDK_LLM_MODEL: 'gpt-test' },
    });
    try {
      const response = await rawRequest({ port: demo.port, host: demo.address, path: '/api/health' });
      assert.deepEqual(JSON.parse(response.body), { ok: true, llm: { configured: true, model: 'gpt-test' } });
      for (const secret of [KEY, 'hunter2', 'llm.internal.example', 'token=abc']) {
        assert.ok(!response.body.includes(secret), `health leaked ${secret}`);
        assert.ok(!JSON.stringify(response.headers).includes(secret), `health headers leaked ${secret}`);
      }
      assert.equal(demo.llmUpstream, 'https://llm.internal.example/v1', 'the console line drops credentials and query');
    } finally {
      await demo.close();
    }
  });

  it('omits the model when DDDK_LLM_MODEL is unset', async () => {
    const demo = await startTestServer({ env: { DDDK_LLM_BASE_URL: 'http://127.0.0.1:9/v1' } });
    try {
      const response = await rawRequest({ port: demo.port, host: demo.address, path: '/api/health' });
      assert.deepEqual(JSON.parse(response.body), { ok: true, llm: { configured: true } });
    } finally {
      await demo.close();
    }
  });

  it('refuses to start with an unusable DDDK_LLM_BASE_URL, naming the variable', async () => {
    await assert.rejects(startTestServer({ env: { DDDK_LLM_BASE_URL: 'not a url' } }), /DDDK_LLM_BASE_URL/);
    await assert.rejects(startTestServer({ env: { DDDK_LLM_BASE_URL: 'ftp://example.com/v1' } }), /DDDK_LLM_BASE_URL must use http/);
  });

  it('takes its port from PORT (0 picks a free one) and refuses a malformed PORT', async () => {
    const demo = await startDemoServer({ env: { PORT: '0' } });
    try {
      assert.ok(demo.port > 0);
      assert.equal(demo.url, `http://localhost:${demo.port}/`);
    } finally {
      await demo.close();
    }
    await assert.rejects(startDemoServer({ env: { PORT: 'eighty' } }), /PORT must be an integer/);
  });
});
