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
