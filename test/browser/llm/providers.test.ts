import { expect } from '@open-wc/testing';
import { anthropic, LLMError, openAICompatible, type LLMProvider, type StreamEvent } from '../../../core/llm/index.js';
import { mockLLM, type MockLLMClient } from '../../support/mock-llm/browser-client.js';

const FAST = { connectTimeoutMs: 1_000, idleTimeoutMs: 600, baseRetryDelayMs: 10, maxRetryDelayMs: 2_000, maxRetries: 2 };
const HELLO = { messages: [{ role: 'user' as const, content: 'hello' }] };
const CLICK_TOOL = { name: 'click', description: 'Click an element.', parameters: { type: 'object', properties: { index: { type: 'integer' } } } };

let counter = 0;
const scenario = (name: string) => `browser-${name}-${Date.now()}-${++counter}`;

type Wire = 'openai' | 'anthropic';

function provider(mock: MockLLMClient, wire: Wire, id: string): LLMProvider {
  return wire === 'openai'
    ? openAICompatible({ baseURL: mock.openAIBaseURL(id), apiKey: 'browser-key', model: 'gpt-4o-mini', ...FAST })
    : anthropic({ baseURL: mock.anthropicBaseURL(id), apiKey: 'browser-key', model: 'claude-test', allowBrowser: true, ...FAST });
}

for (const wire of ['openai', 'anthropic'] as const) {
  describe(`${wire} provider in the browser`, () => {
    let mock: MockLLMClient;
    before(async () => {
      mock = await mockLLM();
    });

    it('streams text and a tool call delivered one byte at a time', async () => {
      const id = scenario(`${wire}-bytes`);
      await mock.script(id, [{ text: 'Clicking the “Save” button…', toolCalls: [{ name: 'click', arguments: { index: 12 } }], chunkSize: 1 }]);
      const result = await provider(mock, wire, id).complete({ ...HELLO, tools: [CLICK_TOOL] });
      expect(result.content).to.equal('Clicking the “Save” button…');
      expect(result.toolCalls).to.have.length(1);
      expect(result.toolCalls[0]!.name).to.equal('click');
      expect(result.toolCalls[0]!.arguments).to.deep.equal({ index: 12 });
      expect(result.finishReason).to.equal('tool_calls');
      const [request] = await mock.requests(id);
      if (wire === 'openai') expect(request!.headers.authorization).to.equal('Bearer browser-key');
      else expect(request!.headers['anthropic-dangerous-direct-browser-access']).to.equal('true');
    });

    it('decodes multibyte characters split inside their UTF-8 bytes', async () => {
      const id = scenario(`${wire}-utf8`);
      const text = 'Grüße 世界 👋🏽 — done';
      await mock.script(id, [{ text, deltaSize: 2, fault: { type: 'split-multibyte' } }]);
      const result = await provider(mock, wire, id).complete(HELLO);
      expect(result.content).to.equal(text);
    });

    it('stops at once on abort and yields an aborted error', async () => {
      const id = scenario(`${wire}-abort`);
      await mock.script(id, [{ text: 'z'.repeat(300), toolCalls: [{ name: 'click', arguments: { index: 1 } }], delayMs: 30 }]);
      const controller = new AbortController();
      const events: StreamEvent[] = [];
      let error: unknown;
      try {
        for await (const event of provider(mock, wire, id).stream({ ...HELLO, signal: controller.signal })) {
          events.push(event);
          if (event.type === 'text-delta') controller.abort();
        }
      } catch (caught) {
        error = caught;
      }
      expect(error).to.be.instanceOf(LLMError);
      expect((error as LLMError).kind).to.equal('aborted');
      expect(events.filter((event) => event.type === 'text-delta')).to.have.length(1);
      expect(events.some((event) => event.type === 'tool-call')).to.equal(false);
    });

    it('reads Retry-After across origins (the mock exposes it) and gives up when it is too long', async () => {
      const id = scenario(`${wire}-retry-after`);
      await mock.script(id, [{ status: 429, retryAfter: 3600, error: { message: 'quota exceeded' } }]);
      let error: unknown;
      try {
        await provider(mock, wire, id).complete(HELLO);
      } catch (caught) {
        error = caught;
      }
      expect(error).to.be.instanceOf(LLMError);
      expect((error as LLMError).status).to.equal(429);
      expect((error as LLMError).retryAfterMs).to.equal(3_600_000);
      expect((error as LLMError).message).to.contain('quota exceeded');
    });

    it('a stream cut before its end is a protocol error with no tool call', async () => {
      const id = scenario(`${wire}-cut`);
      await mock.script(id, [{ text: 'partial', toolCalls: [{ name: 'click', arguments: { index: 3 } }], fault: { type: 'cut', afterEvents: 'end' } }]);
      const events: StreamEvent[] = [];
      let error: unknown;
      try {
        for await (const event of provider(mock, wire, id).stream({ ...HELLO, tools: [CLICK_TOOL] })) events.push(event);
      } catch (caught) {
        error = caught;
      }
      expect((error as LLMError).kind).to.equal('protocol');
      expect(events.some((event) => event.type === 'tool-call')).to.equal(false);
    });
  });
}
