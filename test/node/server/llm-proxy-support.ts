import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLlmProxy, createSessionHandler, createSessionTokens, type LlmProxyOptions } from '../../../server/index.js';
import { toNodeListener } from '../../../server/node/index.js';

export const API_KEY = 'sk-test-0123456789abcdefghijklmnop';

export interface Started {
  readonly url: string;
  close(): Promise<void>;
}

export async function listen(listener: http.RequestListener): Promise<Started & { server: http.Server }> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What the fake upstream saw of each request. */
export interface SeenRequest {
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  closed: boolean;
}

export type UpstreamScript = (req: http.IncomingMessage, res: http.ServerResponse, seen: SeenRequest) => void | Promise<void>;

export async function fakeUpstream(script: UpstreamScript): Promise<Started & { seen: SeenRequest[] }> {
  const seen: SeenRequest[] = [];
  const started = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry: SeenRequest = { url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), closed: false };
      seen.push(entry);
      res.on('close', () => {
        entry.closed = true;
      });
      void script(req, res, entry);
    });
  });
  return { ...started, seen };
}

export function sse(res: http.ServerResponse, events: readonly string[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const event of events) res.write(`data: ${event}\n\n`);
  res.end();
}

export function chunk(text: string): string {
  return JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: text }, finish_reason: null }] });
}

export interface ProxyRig extends Started {
  readonly token: string;
  readonly usage: unknown[];
  /** A POST to chat/completions with the session token and JSON, overridable. */
  chat(body: unknown, init?: RequestInit & { path?: string }): Promise<Response>;
}

export async function proxyRig(upstreamUrl: string | undefined, options: Partial<LlmProxyOptions> = {}): Promise<ProxyRig> {
  const tokens = createSessionTokens();
  const usage: unknown[] = [];
  const proxy = createLlmProxy({
    upstream: upstreamUrl ? { kind: 'openai', baseUrl: `${upstreamUrl}/v1`, apiKey: API_KEY } : undefined,
    tokens,
    models: ['test-model', 'other-model'],
    onUsage: (report) => usage.push(report),
    ...options,
  });
  const session = createSessionHandler({ tokens });
  const started = await listen(toNodeListener((request, context) => (new URL(request.url).pathname === '/api/session' ? session(request, context) : proxy(request, context))));
  const { token } = (await (await fetch(`${started.url}/api/session`)).json()) as { token: string };
  return {
    ...started,
    token,
    usage,
    chat(body, init = {}) {
      const { path = '/api/llm/chat/completions', headers, ...rest } = init;
      return fetch(`${started.url}${path}`, {
        method: 'POST',
        body: typeof body === 'string' ? body : JSON.stringify(body),
        ...rest,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(headers as Record<string, string>) },
      });
    },
  };
}

export const CHAT = { model: 'test-model', stream: true, messages: [{ role: 'user', content: 'hi' }] };
