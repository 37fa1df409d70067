// Shared fixtures for the demo server's tests: a raw HTTP client (no path normalisation, so
// traversal attempts reach the server as written), a stub OpenAI-compatible upstream, and a fake
// `dist/` directory standing in for the built kit.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../../demo/server.mjs';

export const REQUEST_TIMEOUT_MS = 3000;

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  port: number;
  host?: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One request whose path is sent byte for byte as given; rejects after REQUEST_TIMEOUT_MS. */
export function rawRequest({ port, host = 'localhost', path: requestPath, method = 'GET', headers = {}, body }: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host, port, path: requestPath, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`${method} ${requestPath} got no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Rejects when `promise` has not settled within `ms`, naming what was awaited. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface RecordedUpstreamRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface StubUpstream {
  /** e.g. http://127.0.0.1:1234/v1 */
  baseUrl: string;
  port: number;
  requests: RecordedUpstreamRequest[];
  /** Whether the current SSE stream has been ended by the stub. */
  streamEnded(): boolean;
  /** Lets the held SSE stream send its remaining chunks and end. */
  releaseStream(): void;
  /** Settles when an SSE response was closed by the other side before the stub ended it. */
  streamAbortedEarly: Promise<void>;
  close(): Promise<void>;
}

export const FIRST_SSE_CHUNK = 'data: {"choices":[{"index":0,"delta":{"content":"Hel"}}]}\n\n';
export const LATER_SSE_CHUNKS = [
  'data: {"choices":[{"index":0,"delta":{"content":"lo"}}]}\n\n',
  'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n',
  'data: [DONE]\n\n',
];

/**
 * A tiny OpenAI-compatible server under `/v1`. Chat completions stream SSE: the first chunk at
 * once, then the stream is held open until `releaseStream()`, then the rest with short delays.
 * A request whose model is `answer-401` gets a 401 JSON error instead.
 */
export async function startStubUpstream(): Promise<StubUpstream> {
  const requests: RecordedUpstreamRequest[] = [];
  let ended = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markAborted!: () => void;
  const streamAbortedEarly = new Promise<void>((resolve) => (markAborted = resolve));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.method === 'GET' && req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'upstream-session=1' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'stub-model', object: 'model' }] }));
        return;
      }
      if (req.method !== 'POST' || !req.url?.startsWith('/v1/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'stub upstream: no such route' } }));
        return;
      }
      if (JSON.parse(body || '{}').model === 'answer-401') {
        res.writeHead(401, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
        return;
      }
      res.on('close', () => {
        if (!ended) markAborted();
      });
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        'set-cookie': 'upstream-session=1',
        'x-request-id': 'req_stub_1',
      });
      res.write(FIRST_SSE_CHUNK);
      await released;
      for (const chunk of LATER_SSE_CHUNKS) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (res.destroyed) return;
        res.write(chunk);
      }
      ended = true;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    streamEnded: () => ended,
    releaseStream: () => release(),
    streamAbortedEarly,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A port that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const FAKE_KIT_SOURCE = 'export const fakeKit = true;\n';

/**
 * A stand-in for the built `dist/`: one file per content type the server must get right, plus a
 * secret next to it and a symlink pointing at that secret.
 */
export function makeFakeDist(): { distDir: string; secret: string; cleanup(): void } {
  const root = mkdtempSync(path.join(tmpdir(), 'dddk-demo-test-'));
  const distDir = path.join(root, 'dist');
  const secret = 'TOP-SECRET-OUTSIDE-DIST';
  mkdirSync(path.join(distDir, 'chunks'), { recursive: true });
  writeFileSync(path.join(root, 'secret.txt'), secret);
  writeFileSync(path.join(distDir, 'dddk.min.js'), FAKE_KIT_SOURCE);
  writeFileSync(path.join(distDir, 'dddk.min.js.map'), '{"version":3,"sources":[],"mappings":""}');
  writeFileSync(path.join(distDir, 'meta.json'), '{"inputs":{"/home/someone/dddk/core/x.ts":{}}}');
  writeFileSync(path.join(distDir, 'chunks', 'html2canvas-abc123.mjs'), 'export default 1;\n');
  writeFileSync(path.join(distDir, 'theme.css'), ':root { --dddk-accent: green; }\n');
  writeFileSync(path.join(distDir, 'manifest.json'), '{"ok":true}');
  writeFileSync(path.join(distDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(distDir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(distDir, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  writeFileSync(path.join(distDir, '.env'), 'HIDDEN=1');
  symlinkSync(path.join(root, 'secret.txt'), path.join(distDir, 'escape.txt'));
  return { distDir, secret, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** Starts the demo server on a free port; `env` replaces process.env entirely. */
export function startTestServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  return startDemoServer({ port: 0, env: {}, ...options });
}
