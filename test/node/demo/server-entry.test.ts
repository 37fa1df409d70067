import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { rawRequest, within } from './demo-server-fixtures.js';

const SERVER_SCRIPT = fileURLToPath(new URL('../../../demo/server.mjs', import.meta.url));

/** Runs `node demo/server.mjs` with `env`, resolves with its console output once it prints the URL. */
function runServerScript(env: Record<string, string>) {
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = new Promise<{ port: number }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /dddk demo: http:\/\/localhost:(\d+)\//.exec(output);
      if (match && output.includes('LLM:')) resolve({ port: Number(match[1]) });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited early with code ${code}: ${output}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { started, stop, output: () => output };
}

describe('demo server run directly', { timeout: 15_000 }, () => {
  it('prints its URL and that the page runs offline, then serves /api/health', async () => {
    const server = runServerScript({ PORT: '0' });
    try {
      const { port } = await within(server.started, 8000, 'the startup banner');
      assert.match(server.output(), /no endpoint configured, the page runs offline/);
      const health = await rawRequest({ port, path: '/api/health' });
      assert.deepEqual(JSON.parse(health.body), { ok: true, llm: { configured: false } });
    } finally {
      await within(server.stop(), 5000, 'the server to exit');
    }
  });

  it('prints where the LLM calls are proxied, without the key', async () => {
    const server = runServerScript({
      PORT: '0',
      DDDK_LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      DDDK_LLM_API_KEY: 'sk-entry-secret',
      DDDK_LLM_MODEL: 'stub-model',
    });
    try {
      await within(server.started, 8000, 'the startup banner');
      assert.match(server.output(), /LLM: proxying \/api\/llm\/ to http:\/\/127\.0\.0\.1:9\/v1, default model stub-model/);
      assert.ok(!server.output().includes('sk-entry-secret'));
    } finally {
      await within(server.stop(), 5000, 'the server to exit');
    }
  });

  it('exits with a message naming PORT when the port is taken', async () => {
    const first = runServerScript({ PORT: '0' });
    try {
      const { port } = await within(first.started, 8000, 'the first server');
      const second = spawn(process.execPath, [SERVER_SCRIPT], {
        env: { PATH: process.env.PATH ?? '', PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let errors = '';
      second.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
      const code = await within(new Promise<number | null>((resolve) => second.on('exit', resolve)), 8000, 'the second server to exit');
      assert.equal(code, 1);
      assert.match(errors, /port \d+ is in use; set PORT/);
    } finally {
      await within(first.stop(), 5000, 'the first server to exit');
    }
  });
});
