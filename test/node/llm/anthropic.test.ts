import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { anthropic, type CompleteOptions, type LLMMessage } from '../../../core/llm/index.js';
import { startMockLLM, type MockLLM, type MockResponse } from '../../support/mock-llm/server.js';
import { BOUND, CLICK_TOOL, FAST, HELLO, closedPortURL, drain, providerFor, scenarioId, type ProviderOverrides } from './support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

async function sent(options: CompleteOptions, overrides: ProviderOverrides = {}, response: MockResponse = { text: 'ok' }) {
  const id = scenarioId('anthropic-request');
  mock.script(id, [response]);
  const result = await providerFor(mock, 'anthropic', id, overrides).complete(options);
  const [request] = mock.requests(id);
  assert.ok(request);
  return { request, result };
}

describe('anthropic: what it sends', () => {
  it('POSTs a streaming Messages request with the key, the version and a default max_tokens', BOUND, async () => {
    const { request } = await sent(HELLO);
    assert.equal(request.path, '/v1/messages');
    assert.equal(request.headers['x-api-key'], 'test-key');
    assert.equal(request.headers['anthropic-version'], '2023-06-01');
    assert.equal(request.headers.authorization, undefined);
    assert.equal(request.headers['anthropic-dangerous-direct-browser-access'], undefined);
    assert.equal(request.body.stream, true);
    assert.equal(request.body.max_tokens, 4096);
    assert.deepEqual(request.body.messages, [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }]);
    for (const absent of ['system', 'tools', 'tool_choice', 'thinking', 'temperature']) assert.ok(!(absent in request.body), absent);
  });

  it('sends the browser-access header only when allowBrowser is set, and honours anthropicVersion and maxTokens', BOUND, async () => {
    const { request } = await sent(HELLO, { allowBrowser: true, anthropicVersion: '2099-01-01', maxTokens: 1000 });
    assert.equal(request.headers['anthropic-dangerous-direct-browser-access'], 'true');
    assert.equal(request.headers['anthropic-version'], '2099-01-01');
    assert.equal(request.body.max_tokens, 1000);
  });

  it('lifts system messages to `system`, groups tool results into one user turn ahead of its text, and maps images', BOUND, async () => {
    const messages: LLMMessage[] = [
      { role: 'system', content: 'You operate the page.' },
      { role: 'user', content: [{ type: 'text', text: 'Compare these.' }, { type: 'image', image: 'data:image/png;base64,iVBORw0KGgo=' }, { type: 'image', image: 'https://example.com/a.jpg' }] },
      {
        role: 'assistant',
        content: 'Looking.',
        toolCalls: [
          { id: 'toolu_1', name: 'click', arguments: { index: 3 } },
          { id: 'toolu_2', name: 'click', arguments: { index: 4 } },
        ],
      },
      { role: 'tool', toolCallId: 'toolu_1', content: 'clicked 3' },
      { role: 'tool', toolCallId: 'toolu_2', content: '' },
      { role: 'user', content: 'And now?' },
      { role: 'system', content: 'Be brief.' },
    ];
    const { request } = await sent({ messages });
    assert.equal(request.body.system, 'You operate the page.\n\nBe brief.');
    assert.deepEqual(request.body.messages, [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Compare these.' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/a.jpg' } },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking.' },
          { type: 'tool_use', id: 'toolu_1', name: 'click', input: { index: 3 } },
          { type: 'tool_use', id: 'toolu_2', name: 'click', input: { index: 4 } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'clicked 3' },
          { type: 'tool_result', tool_use_id: 'toolu_2' },
          { type: 'text', text: 'And now?' },
        ],
      },
    ]);
  });

  it('maps tools and every toolChoice', BOUND, async () => {
    const withTools = { ...HELLO, tools: [CLICK_TOOL] };
    const { request } = await sent({ ...withTools, toolChoice: 'auto' });
    assert.deepEqual(request.body.tools, [{ name: 'click', description: CLICK_TOOL.description, input_schema: CLICK_TOOL.parameters }]);
    assert.deepEqual(request.body.tool_choice, { type: 'auto' });
    assert.deepEqual((await sent({ ...withTools, toolChoice: 'required' })).request.body.tool_choice, { type: 'any' });
    assert.deepEqual((await sent({ ...withTools, toolChoice: { name: 'click' } })).request.body.tool_choice, { type: 'tool', name: 'click' });
  });

  it('jsonMode asks for JSON in the system prompt (the API has no JSON switch)', BOUND, async () => {
    const { request } = await sent({ messages: [{ role: 'system', content: 'Classify.' }, { role: 'user', content: 'x' }], jsonMode: true });
    assert.match(request.body.system, /^Classify\.\n\n.*JSON object/);
  });

  it('thinking low/medium/high enables a budget and lifts max_tokens above it; off and minimal omit it', BOUND, async () => {
    const body = async (options: Partial<CompleteOptions>) => (await sent({ ...HELLO, ...options })).request.body;
    const low = await body({ thinking: 'low', maxTokens: 800, temperature: 0.5 });
    assert.deepEqual(low.thinking, { type: 'enabled', budget_tokens: 1024 });
    assert.ok(low.max_tokens > 1024);
    assert.ok(!('temperature' in low), 'thinking refuses a temperature');
    assert.deepEqual((await body({ thinking: 'medium' })).thinking, { type: 'enabled', budget_tokens: 4096 });
    const high = await body({ thinking: 'high' });
    assert.deepEqual(high.thinking, { type: 'enabled', budget_tokens: 16384 });
    assert.ok(high.max_tokens > 16384);
    for (const thinking of ['off', 'minimal'] as const) {
      const plain = await body({ thinking, temperature: 0.5 });
      assert.ok(!('thinking' in plain), thinking);
      assert.equal(plain.temperature, 0.5);
    }
  });

  it('leaves thinking out where the API would refuse it: a forced tool, or a tool loop without the thinking blocks', BOUND, async () => {
    const forced = await sent({ ...HELLO, tools: [CLICK_TOOL], toolChoice: 'required', thinking: 'high' });
    assert.ok(!('thinking' in forced.request.body));
    const loop: LLMMessage[] = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'toolu_1', name: 'click', arguments: { index: 1 } }] },
      { role: 'tool', toolCallId: 'toolu_1', content: 'ok' },
    ];
    assert.ok(!('thinking' in (await sent({ messages: loop, tools: [CLICK_TOOL], thinking: 'high' })).request.body));
    const withBlocks: LLMMessage[] = loop.map((message) =>
      message.role === 'assistant' ? { ...message, thinkingBlocks: [{ type: 'thinking', thinking: 'click it', signature: 'sig' }] } : message,
    );
    const resumed = (await sent({ messages: withBlocks, tools: [CLICK_TOOL], thinking: 'high' })).request.body;
    assert.deepEqual(resumed.thinking, { type: 'enabled', budget_tokens: 16384 });
    assert.deepEqual(resumed.messages[1].content[0], { type: 'thinking', thinking: 'click it', signature: 'sig' });
  });

  it('a baseURL ending in /v1 is not doubled', BOUND, async () => {
    const id = scenarioId('anthropic-v1');
    mock.script(id, [{ text: 'ok' }]);
    await anthropic({ baseURL: `${mock.anthropicBaseURL(id)}/v1`, model: 'claude-test', ...FAST }).complete(HELLO);
    assert.equal(mock.requests(id)[0]?.path, '/v1/messages');
  });

  it('refuses an image that is neither a base64 data URL nor an http(s) URL, before sending', BOUND, async () => {
    const id = scenarioId('anthropic-bad-image');
    const provider = providerFor(mock, 'anthropic', id);
    await assert.rejects(provider.complete({ messages: [{ role: 'user', content: [{ type: 'image', image: 'file:///etc/passwd' }] }] }), /image part must be a base64 data: URL/);
    assert.equal(mock.requests(id).length, 0);
  });
});

describe('anthropic: what it yields', () => {
  it('streams thinking, text, tool-call deltas, the thinking block, completed calls, usage and finish', BOUND, async () => {
    const id = scenarioId('anthropic-events');
    mock.script(id, [{ thinking: 'The form is below.', text: 'Clicking.', toolCalls: [{ name: 'click', arguments: { index: 2 } }], usage: { inputTokens: 50, outputTokens: 12 } }]);
    const { events, error } = await drain(providerFor(mock, 'anthropic', id).stream({ ...HELLO, tools: [CLICK_TOOL] }));
    assert.equal(error, undefined);
    assert.deepEqual([...new Set(events.map((event) => event.type))], ['thinking-delta', 'thinking-block', 'text-delta', 'tool-call-delta', 'tool-call', 'usage', 'finish']);
    assert.deepEqual(events.find((event) => event.type === 'thinking-block'), {
      type: 'thinking-block',
      block: { type: 'thinking', thinking: 'The form is below.', signature: 'mock-signature' },
    });
    assert.deepEqual(events.find((event) => event.type === 'tool-call-delta'), { type: 'tool-call-delta', index: 0, id: 'toolu_mock_0', name: 'click', argumentsDelta: '' });
    assert.deepEqual(events.find((event) => event.type === 'tool-call'), { type: 'tool-call', index: 0, call: { id: 'toolu_mock_0', name: 'click', arguments: { index: 2 } } });
    assert.deepEqual(events.find((event) => event.type === 'usage'), { type: 'usage', usage: { inputTokens: 50, outputTokens: 12 } });
    const finish = events.at(-1);
    assert.ok(finish?.type === 'finish');
    assert.equal(finish.reason, 'tool_calls');
    assert.equal(finish.metrics.model, 'claude-test');
  });

  it('complete() returns the text, the calls and the thinking blocks to send back', BOUND, async () => {
    const id = scenarioId('anthropic-complete');
    mock.script(id, [{ thinking: 'Two steps.', toolCalls: [{ name: 'click', arguments: { index: 1 } }, { name: 'click', arguments: { index: 9 } }] }]);
    const result = await providerFor(mock, 'anthropic', id).complete({ ...HELLO, tools: [CLICK_TOOL] });
    assert.equal(result.content, '');
    assert.deepEqual(result.toolCalls.map((call) => call.arguments.index), [1, 9]);
    assert.deepEqual(result.thinkingBlocks, [{ type: 'thinking', thinking: 'Two steps.', signature: 'mock-signature' }]);
    assert.equal(result.thinking, 'Two steps.');
  });

  it('maps stop reasons: end_turn → stop, max_tokens → length, refusal → content_filter', BOUND, async () => {
    const id = scenarioId('anthropic-reasons');
    mock.script(id, [{ text: 'a' }, { text: 'b', finishReason: 'length' }, { text: 'c', finishReason: 'content_filter' }]);
    const provider = providerFor(mock, 'anthropic', id);
    const reasons = [];
    for (let i = 0; i < 3; i++) reasons.push((await provider.complete(HELLO)).finishReason);
    assert.deepEqual(reasons, ['stop', 'length', 'content_filter']);
  });

  it('a streamed 10,000-delta answer arrives whole', BOUND, async () => {
    const id = scenarioId('anthropic-big');
    const deltas = Array.from({ length: 10_000 }, (_, i) => `δ${i} `);
    mock.script(id, [{ deltas }]);
    const result = await providerFor(mock, 'anthropic', id).complete(HELLO);
    assert.equal(result.content, deltas.join(''));
    assert.equal(result.usage?.outputTokens, 10_000);
  });
});

describe('anthropic: config checks', () => {
  it('refuses a config without model and names itself after its model', () => {
    assert.throws(() => anthropic({} as never), /`model` must be a non-empty string/);
    assert.throws(() => anthropic({ model: 'c', maxTokens: 0 }), /`maxTokens`/);
    assert.equal(anthropic({ model: 'claude-sonnet-4-5' }).name, 'anthropic(claude-sonnet-4-5)');
  });

  it('a network failure suggests a proxy or allowBrowser', BOUND, async () => {
    const provider = anthropic({ baseURL: await closedPortURL(), model: 'c', ...FAST, maxRetries: 0 });
    await assert.rejects(provider.complete(HELLO), (error: Error & { kind?: string }) => {
      assert.equal(error.kind, 'network');
      assert.match(error.message, /`baseURL`/);
      assert.match(error.message, /proxy/);
      assert.match(error.message, /`allowBrowser: true`/);
      return true;
    });
  });
});
