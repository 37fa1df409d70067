import { readFileSync } from 'node:fs';
import { anthropic, openAICompatible, type AnthropicConfig, type LLMError, type LLMProvider, type OpenAICompatibleConfig, type StreamEvent } from '../../../core/llm/index.js';
import type { MockLLM } from '../../support/mock-llm/server.js';

export type Wire = 'openai' | 'anthropic';
export const WIRES: Wire[] = ['openai', 'anthropic'];

/**
 * Short backoff so that retries cost little. The timeouts stay well above what a loaded machine needs
 * to answer from a local server (client and server share one event loop here); the tests of timeouts
 * set small ones themselves, from `TIGHT`.
 */
export const FAST = {
  connectTimeoutMs: 4_000,
  idleTimeoutMs: 4_000,
  baseRetryDelayMs: 10,
  maxRetryDelayMs: 2_000,
  maxRetries: 2,
} as const;

/** Timeouts for the tests that exercise them. */
export const TIGHT = { connectTimeoutMs: 400, idleTimeoutMs: 300 } as const;

/** Per-test bound for node:test. */
export const BOUND = { timeout: 5_000 };

let counter = 0;
export function scenarioId(name: string): string {
  return `${name.replace(/[^a-z0-9]+/gi, '-')}-${process.pid}-${++counter}`;
}

export type ProviderOverrides = Partial<OpenAICompatibleConfig> & Partial<AnthropicConfig>;

export function providerFor(mock: MockLLM, wire: Wire, id: string, overrides: ProviderOverrides = {}): LLMProvider {
  if (wire === 'openai') {
    return openAICompatible({ baseURL: mock.openAIBaseURL(id), apiKey: 'test-key', model: 'gpt-4o-mini', ...FAST, ...overrides } as OpenAICompatibleConfig);
  }
  return anthropic({ baseURL: mock.anthropicBaseURL(id), apiKey: 'test-key', model: 'claude-test', ...FAST, ...overrides } as AnthropicConfig);
}

export const HELLO = { messages: [{ role: 'user' as const, content: 'hello' }] };

export const CLICK_TOOL = {
  name: 'click',
  description: 'Click an element by index.',
  parameters: { type: 'object', properties: { index: { type: 'integer' } }, required: ['index'] },
};

/** Drains a stream, keeping every event and the error it ended with (if any). */
export async function drain(stream: AsyncIterable<StreamEvent>): Promise<{ events: StreamEvent[]; error: LLMError | undefined }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events, error: undefined };
  } catch (error) {
    return { events, error: error as LLMError };
  }
}

export function textOf(events: StreamEvent[]): string {
  return events.map((event) => (event.type === 'text-delta' ? event.text : '')).join('');
}

export function toolCallsOf(events: StreamEvent[]) {
  return events.flatMap((event) => (event.type === 'tool-call' ? [event.call] : []));
}

/** A local port with nothing listening on it, so connecting is refused at once. */
export async function closedPortURL(): Promise<string> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A recorded SSE body from `fixtures/`. */
export function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: any;
}

/** An event-stream answer with `body`, delivered in reads of `chunkSize` bytes (all at once by default). */
export function sseResponse(body: string, chunkSize = Infinity): Response {
  const bytes = new TextEncoder().encode(body);
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += chunkSize) controller.enqueue(bytes.subarray(at, at + chunkSize));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A fake `fetch` answering request after request from `answers` (an SSE body, or a Response), and
 * recording what each request sent.
 */
export function answeringFetch(answers: Array<string | Response>) {
  const requests: SentRequest[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? init.body : undefined;
    requests.push({ url: String(url), method: init?.method ?? 'GET', headers: { ...(init?.headers as Record<string, string>) }, body: body === undefined ? undefined : JSON.parse(body) });
    const next = answers.shift();
    if (next === undefined) throw new Error('answeringFetch ran out of answers');
    return typeof next === 'string' ? sseResponse(next) : next;
  }) as typeof fetch;
  return { fetch: fetchImpl, requests };
}

/** The provider of `wire` over a fake fetch, with no retry delays. */
export function fakeProvider(wire: Wire, fetchImpl: typeof fetch, overrides: ProviderOverrides = {}): LLMProvider {
  const base = { ...FAST, baseRetryDelayMs: 0, fetch: fetchImpl, ...overrides };
  if (wire === 'openai') return openAICompatible({ baseURL: 'https://llm.example/v1', model: 'm', ...base } as OpenAICompatibleConfig);
  return anthropic({ baseURL: 'https://llm.example', model: 'c', ...base } as AnthropicConfig);
}

/** The provider of `wire` answering once with the recorded body `name`. */
export function recordedProvider(wire: Wire, name: string, chunkSize?: number) {
  const { fetch: fetchImpl, requests } = answeringFetch([sseResponse(fixture(name), chunkSize)]);
  return { provider: fakeProvider(wire, fetchImpl, { maxRetries: 0 }), requests };
}

export function debugOf(events: StreamEvent[]) {
  return events.flatMap((event) => (event.type === 'debug' ? [event] : []));
}

export function thinkingOf(events: StreamEvent[]): string {
  return events.map((event) => (event.type === 'thinking-delta' ? event.text : '')).join('');
}
