import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openAICompatible, type CompleteOptions, type LLMMessage } from '../../../core/llm/index.js';
import { startMockLLM, type MockLLM, type MockResponse } from '../../support/mock-llm/server.js';
import { BOUND, CLICK_TOOL, FAST, HELLO, drain, providerFor, scenarioId, type ProviderOverrides } from './support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

/** Runs one call and returns what the provider put on the wire. */
async function sent(options: CompleteOptions, overrides: ProviderOverrides = {}, response: MockResponse = { text: 'ok' }) {
  const id = scenarioId('openai-request');
  mock.script(id, [response]);
  const result = await providerFor(mock, 'openai', id, overrides).complete(options);
  const [request] = mock.requests(id);
  assert.ok(request);
  return { request, result };
}

const CONVERSATION: LLMMessage[] = [
  { role: 'system', content: 'You operate the page.' },
  { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', image: 'data:image/png;base64,iVBORw0KGgo=' }] },
  { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'click', arguments: { index: 3 } }] },
  { role: 'tool', toolCallId: 'call_1', content: 'clicked' },
  { role: 'assistant', content: 'Done.' },
];

describe('openAICompatible: what it sends', () => {
  it('POSTs a streaming Chat Completions request with usage, auth and custom headers', BOUND, async () => {
    const { request } = await sent(HELLO, { headers: { 'x-team': 'docs' } });
    assert.equal(request.path, '/v1/chat/completions');
    assert.equal(request.headers.authorization, 'Bearer test-key');
    assert.equal(request.headers['content-type'], 'application/json');
    assert.equal(request.headers['x-team'], 'docs');
    assert.equal(request.body.model, 'gpt-4o-mini');
    assert.equal(request.body.stream, true);
    assert.deepEqual(request.body.stream_options, { include_usage: true });
    assert.deepEqual(request.body.messages, [{ role: 'user', content: 'hello' }]);
    for (const absent of ['tools', 'tool_choice', 'response_format', 'temperature', 'max_tokens', 'reasoning_effort']) assert.ok(!(absent in request.body), absent);
  });

  it('sends no authorization header without an apiKey (a same-origin proxy holds it)', BOUND, async () => {
    const { request } = await sent(HELLO, { apiKey: undefined });
    assert.equal(request.headers.authorization, undefined);
  });

  it('maps images to image_url parts, tool results to role tool and assistant calls to tool_calls', BOUND, async () => {
    const { request } = await sent({ messages: CONVERSATION });
    assert.deepEqual(request.body.messages, [
      { role: 'system', content: 'You operate the page.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ],
      },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'click', arguments: '{"index":3}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'clicked' },
      { role: 'assistant', content: 'Done.' },
    ]);
  });

  it('maps tools, every toolChoice, jsonMode, temperature and maxTokens', BOUND, async () => {
    const base = { ...HELLO, tools: [CLICK_TOOL], jsonMode: true, temperature: 0.2, maxTokens: 300 };
    const { request } = await sent({ ...base, toolChoice: { name: 'click' } });
    assert.deepEqual(request.body.tools, [{ type: 'function', function: { name: 'click', description: CLICK_TOOL.description, parameters: CLICK_TOOL.parameters } }]);
    assert.deepEqual(request.body.tool_choice, { type: 'function', function: { name: 'click' } });
    assert.deepEqual(request.body.response_format, { type: 'json_object' });
    assert.equal(request.body.temperature, 0.2);
    assert.equal(request.body.max_tokens, 300);
    assert.equal((await sent({ ...base, toolChoice: 'required' })).request.body.tool_choice, 'required');
    assert.equal((await sent({ ...base, toolChoice: 'auto' })).request.body.tool_choice, 'auto');
  });

  it('a call-level model overrides the configured one', BOUND, async () => {
    const { request, result } = await sent({ ...HELLO, model: 'gpt-4.1' });
    assert.equal(request.body.model, 'gpt-4.1');
    assert.equal(result.metrics.model, 'gpt-4.1');
  });

  it('thinking becomes reasoning_effort only for reasoning models; off asks for the least', BOUND, async () => {
    const effort = async (model: string, thinking: CompleteOptions['thinking']) => (await sent({ ...HELLO, model, thinking })).request.body.reasoning_effort;
    assert.equal(await effort('gpt-4o-mini', 'high'), undefined);
    assert.equal(await effort('gpt-5-mini', 'off'), 'minimal');
    assert.equal(await effort('gpt-5', 'high'), 'high');
    assert.equal(await effort('o3-mini', 'medium'), 'medium');
    assert.equal(await effort('o4-mini', 'off'), 'low');
    assert.equal(await effort('openai/o1', 'low'), 'low');
  });

  it('reasoning models get max_completion_tokens and no temperature', BOUND, async () => {
    const { request } = await sent({ ...HELLO, model: 'o3', temperature: 0.3, maxTokens: 500 });
    assert.equal(request.body.max_completion_tokens, 500);
    assert.ok(!('max_tokens' in request.body));
    assert.ok(!('temperature' in request.body));
  });

  it('a trailing slash on baseURL does not double the path', BOUND, async () => {
    const id = scenarioId('slash');
    mock.script(id, [{ text: 'ok' }]);
    await openAICompatible({ baseURL: `${mock.openAIBaseURL(id)}/`, model: 'm', ...FAST }).complete(HELLO);
    assert.equal(mock.requests(id)[0]?.path, '/v1/chat/completions');
  });
});

describe('openAICompatible: what it yields', () => {
  it('streams text, reasoning, tool-call deltas, completed calls, usage and finish in order', BOUND, async () => {
    const id = scenarioId('openai-events');
    mock.script(id, [{ thinking: 'Let me look.', text: 'Clicking.', toolCalls: [{ name: 'click', arguments: { index: 2 } }, { name: 'click', arguments: { index: 5 } }], usage: { inputTokens: 21, outputTokens: 9 } }]);
    const { events, error } = await drain(providerFor(mock, 'openai', id).stream({ ...HELLO, tools: [CLICK_TOOL] }));
    assert.equal(error, undefined);
    const types = [...new Set(events.map((event) => event.type))];
    assert.deepEqual(types, ['thinking-delta', 'text-delta', 'tool-call-delta', 'tool-call', 'usage', 'finish']);
    const firstDelta = events.find((event) => event.type === 'tool-call-delta');
    assert.deepEqual(firstDelta, { type: 'tool-call-delta', index: 0, id: 'call_mock_0', name: 'click', argumentsDelta: '' });
    const rebuilt = events.filter((event) => event.type === 'tool-call-delta' && event.index === 1).map((event) => (event.type === 'tool-call-delta' ? event.argumentsDelta : '')).join('');
    assert.equal(rebuilt, '{"index":5}');
    assert.deepEqual(
      events.filter((event) => event.type === 'tool-call'),
      [
        { type: 'tool-call', index: 0, call: { id: 'call_mock_0', name: 'click', arguments: { index: 2 } } },
        { type: 'tool-call', index: 1, call: { id: 'call_mock_1', name: 'click', arguments: { index: 5 } } },
      ],
    );
    assert.deepEqual(events.find((event) => event.type === 'usage'), { type: 'usage', usage: { inputTokens: 21, outputTokens: 9 } });
    const finish = events.at(-1);
    assert.ok(finish?.type === 'finish');
    assert.equal(finish.reason, 'tool_calls');
  });

  it('complete() collects the same stream', BOUND, async () => {
    const id = scenarioId('openai-complete');
    mock.script(id, [{ text: 'The answer is 42.', thinking: 'hmm', usage: { inputTokens: 3, outputTokens: 4 } }]);
    const result = await providerFor(mock, 'openai', id).complete(HELLO);
    assert.equal(result.content, 'The answer is 42.');
    assert.equal(result.thinking, 'hmm');
    assert.deepEqual(result.toolCalls, []);
    assert.equal(result.finishReason, 'stop');
    assert.deepEqual(result.usage, { inputTokens: 3, outputTokens: 4 });
  });

  it('maps length and content_filter finish reasons; with length a cut tool call is dropped, not an error', BOUND, async () => {
    const id = scenarioId('openai-length');
    mock.script(id, [
      { text: 'partial', finishReason: 'length', toolCalls: [{ name: 'click', arguments: '{"index": 4, "reason": "unfini' }] },
      { text: 'no', finishReason: 'content_filter' },
    ]);
    const provider = providerFor(mock, 'openai', id);
    const cut = await provider.complete({ ...HELLO, tools: [CLICK_TOOL] });
    assert.equal(cut.finishReason, 'length');
    assert.deepEqual(cut.toolCalls, []);
    assert.equal((await provider.complete(HELLO)).finishReason, 'content_filter');
  });

  it('empty tool arguments mean an empty object', BOUND, async () => {
    const id = scenarioId('openai-empty-args');
    mock.script(id, [{ toolCalls: [{ name: 'next_page', arguments: '' }] }]);
    const result = await providerFor(mock, 'openai', id).complete(HELLO);
    assert.deepEqual(result.toolCalls, [{ id: 'call_mock_0', name: 'next_page', arguments: {} }]);
  });

  it('a streamed 10,000-delta answer arrives whole', BOUND, async () => {
    const id = scenarioId('openai-big');
    const deltas = Array.from({ length: 10_000 }, (_, i) => `w${i} `);
    mock.script(id, [{ deltas }]);
    const result = await providerFor(mock, 'openai', id).complete(HELLO);
    assert.equal(result.content, deltas.join(''));
    assert.equal(result.usage?.outputTokens, 10_000);
  });

  it('reports the server-side name of the model in metrics', BOUND, async () => {
    const id = scenarioId('openai-model');
    mock.script(id, [{ text: 'hi', model: 'gpt-4o-mini-2024-07-18' }]);
    const result = await providerFor(mock, 'openai', id).complete(HELLO);
    assert.equal(result.metrics.model, 'gpt-4o-mini-2024-07-18');
  });
});

describe('openAICompatible: config and call checks', () => {
  it('refuses a config without baseURL or model, naming the field', () => {
    assert.throws(() => openAICompatible({ model: 'm' } as never), /`baseURL` must be a non-empty string/);
    assert.throws(() => openAICompatible({ baseURL: 'http://x/v1' } as never), /`model` must be a non-empty string/);
    assert.throws(() => openAICompatible({ baseURL: 'http://x/v1', model: 'm', idleTimeoutMs: -1 }), /`idleTimeoutMs`/);
    assert.throws(() => openAICompatible({ baseURL: 'http://x/v1', model: 'm', maxRetries: 1.5 }), /`maxRetries`/);
  });

  it('names itself after the protocol (or its label) and model', () => {
    assert.equal(openAICompatible({ baseURL: '/api/llm/v1', model: 'gpt-4o-mini' }).name, 'openai-compatible(gpt-4o-mini)');
    assert.equal(openAICompatible({ baseURL: '/api/llm/v1', model: 'llama', label: 'groq' }).name, 'groq(llama)');
  });

  it('refuses a toolChoice naming a tool that is not offered, before sending anything', BOUND, async () => {
    const id = scenarioId('openai-bad-choice');
    const provider = providerFor(mock, 'openai', id);
    await assert.rejects(provider.complete({ ...HELLO, tools: [CLICK_TOOL], toolChoice: { name: 'type' } }), /`toolChoice` names "type"/);
    await assert.rejects(provider.complete({} as CompleteOptions), /`messages` must be an array/);
    assert.equal(mock.requests(id).length, 0);
  });
});
