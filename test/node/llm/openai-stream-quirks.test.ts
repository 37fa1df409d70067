import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMError } from '../../../core/llm/index.js';
import { pushContent } from '../../../core/llm/chat-content-parts.js';
import type { StreamEvent } from '../../../core/llm/types.js';
import { BOUND, CLICK_TOOL, HELLO, answeringFetch, debugOf, drain, fakeProvider, recordedProvider, textOf, thinkingOf, toolCallsOf } from './support.js';

// Recorded-style bodies of real servers' streams (fixtures/*.sse), fed through the real provider.
const WITH_TOOLS = { ...HELLO, tools: [CLICK_TOOL] };

describe('openAICompatible: content sent as an array of parts', () => {
  it("Mistral's magistral stream: nested thinking parts become reasoning, text parts and plain strings the answer", BOUND, async () => {
    const { provider } = recordedProvider('openai', 'mistral-magistral.sse', 7);
    const { events, error } = await drain(provider.stream(HELLO));
    assert.equal(error, undefined);
    assert.equal(thinkingOf(events), 'The user says hello. I should greet them back.');
    assert.equal(textOf(events), 'Hello! How can I help today?');
    assert.deepEqual(debugOf(events), []);
    const result = await recordedProvider('openai', 'mistral-magistral.sse').provider.complete(HELLO);
    assert.equal(result.content, 'Hello! How can I help today?');
    assert.equal(result.thinking, 'The user says hello. I should greet them back.');
    assert.equal(result.finishReason, 'stop');
    assert.deepEqual(result.usage, { inputTokens: 12, outputTokens: 40 });
    assert.equal(result.metrics.model, 'magistral-medium-2506');
  });

  it('text, output_text, reasoning and refusal parts are read; every other part is skipped with a debug event', BOUND, async () => {
    const { provider } = recordedProvider('openai', 'gateway-content-parts.sse');
    const { events, error } = await drain(provider.stream(HELLO));
    assert.equal(error, undefined);
    assert.equal(textOf(events), 'The form is below. I will not submit it.');
    assert.equal(thinkingOf(events), 'Checking the page. Found it.');
    assert.deepEqual(
      debugOf(events).map((event) => [event.reason, event.detail]),
      [
        ['skipped-part', 'skipped a content part of type "reference"'],
        ['skipped-part', 'skipped a content part of type "image_url"'],
        ['skipped-part', 'skipped a content part that is a number'],
        ['skipped-part', 'skipped a content part that is null'],
        ['skipped-part', 'skipped a content part without a type'],
        ['skipped-part', 'skipped a "text" content part without a text string'],
      ],
    );
    assert.equal(events.at(-1)?.type, 'finish');
  });

  it('a stream of unknown parts only is an empty answer, as any empty answer is, with each part named in a debug event', BOUND, async () => {
    const { provider } = recordedProvider('openai', 'unknown-parts-only.sse');
    const { events, error } = await drain(provider.stream(HELLO));
    assert.equal(error, undefined);
    assert.deepEqual(debugOf(events).map((event) => event.detail), ['skipped a content part of type "audio"', 'skipped a content part of type "reference"']);
    const result = await recordedProvider('openai', 'unknown-parts-only.sse').provider.complete(HELLO);
    assert.equal(result.content, '');
    assert.deepEqual(result.toolCalls, []);
    assert.equal(result.finishReason, 'stop');
    assert.equal(result.metrics.timeToFirstTokenMs, undefined);
  });

  it('a whole answer in one chunk under `message` (not `delta`) is read, array content included', BOUND, async () => {
    const result = await recordedProvider('openai', 'message-in-one-chunk.sse').provider.complete(HELLO);
    assert.equal(result.content, 'Yes.');
    assert.equal(result.thinking, 'Short one.');
    assert.deepEqual(result.usage, { inputTokens: 4, outputTokens: 3 });
  });

  it('hostile part shapes never throw', () => {
    const hostile: unknown[] = [
      [{ type: 'thinking', thinking: [null, 5, { text: 9 }] }],
      [{ type: 'reasoning' }],
      [{ type: { nested: true } }],
      [{ type: '__proto__', text: 'x' }, { type: 'constructor' }],
      [[{ type: 'text', text: 'nested array' }]],
      { type: 'text', text: 'a lone part' },
      42,
      true,
      [{ type: 'x'.repeat(10_000) }],
    ];
    for (const content of hostile) {
      const out: StreamEvent[] = [];
      assert.doesNotThrow(() => pushContent(content, out), JSON.stringify(content).slice(0, 60));
      for (const event of out) if (event.type === 'debug') assert.ok(event.detail.length < 200);
    }
    const lone: StreamEvent[] = [];
    pushContent({ type: 'text', text: 'a lone part' }, lone);
    assert.deepEqual(lone, [{ type: 'text-delta', text: 'a lone part' }]);
    const empty: StreamEvent[] = [];
    pushContent([{ type: 'thinking', thinking: [] }, { type: 'text', text: '' }], empty);
    assert.deepEqual(empty, []);
  });
});

describe('openAICompatible: reasoning under `reasoning` (Ollama)', () => {
  it('is streamed as thinking, apart from the text', BOUND, async () => {
    const result = await recordedProvider('openai', 'ollama-reasoning.sse').provider.complete(HELLO);
    assert.equal(result.thinking, 'Okay, the user wants a greeting.');
    assert.equal(result.content, 'Hi there.');
    assert.deepEqual(result.usage, { inputTokens: 11, outputTokens: 25 });
  });
});

describe('openAICompatible: how local servers end a stream', () => {
  for (const name of ['lmstudio-empty-finish.sse', 'lmstudio-empty-finish-no-done.sse']) {
    it(`${name}: an empty finish_reason, then the usage chunk with no choices, is a whole answer and its call runs`, BOUND, async () => {
      const { events, error } = await drain(recordedProvider('openai', name).provider.stream(WITH_TOOLS));
      assert.equal(error, undefined);
      assert.equal(textOf(events), 'Sure, clicking');
      assert.deepEqual(toolCallsOf(events), [{ id: '386475801', name: 'click', arguments: { index: 4 } }]);
      const finish = events.at(-1);
      assert.ok(finish?.type === 'finish');
      assert.equal(finish.reason, 'tool_calls');
      assert.equal(finish.metrics.inputTokens, 120);
    });
  }

  it('llama.cpp: a finish_reason and then the end of the body, with no [DONE], is a whole answer', BOUND, async () => {
    const result = await recordedProvider('openai', 'llamacpp-no-done.sse').provider.complete(HELLO);
    assert.equal(result.content, 'Hello world');
    assert.equal(result.finishReason, 'stop');
    assert.deepEqual(result.usage, { inputTokens: 5, outputTokens: 2 });
  });

  it('without a finish_reason or a usage chunk, the end of the body is still a cut', BOUND, async () => {
    const body = 'data: {"choices":[{"index":0,"delta":{"content":"Hel"},"finish_reason":""}]}\n\n';
    const { fetch, requests } = answeringFetch([body]);
    const { error } = await drain(fakeProvider('openai', fetch, { maxRetries: 0 }).stream(HELLO));
    assert.ok(error instanceof LLMError);
    assert.equal(error.kind, 'protocol');
    assert.match(error.message, /ended before a finish_reason/);
    assert.equal(requests.length, 1);
  });

  it('a usage chunk followed by more choices was not the end: a cut after them is still a cut, and its call never runs', BOUND, async () => {
    const body = [
      'data: {"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":0}}\n\n',
      'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","function":{"name":"click","arguments":"{\\"index\\":1}"}}]},"finish_reason":null}]}\n\n',
    ].join('');
    const { fetch } = answeringFetch([body]);
    const { events, error } = await drain(fakeProvider('openai', fetch, { maxRetries: 0 }).stream(WITH_TOOLS));
    assert.equal(error?.kind, 'protocol');
    assert.match(error?.message ?? '', /"click" was dropped/);
    assert.deepEqual(toolCallsOf(events), []);
  });
});

describe("openAICompatible: tool calls without an index (Gemini's endpoint)", () => {
  it('two parallel calls, each whole in its own delta with its id, stay two calls', BOUND, async () => {
    const { events, error } = await drain(recordedProvider('openai', 'gemini-parallel-calls.sse').provider.stream(WITH_TOOLS));
    assert.equal(error, undefined);
    assert.equal(textOf(events), 'Opening both.');
    assert.deepEqual(
      events.filter((event) => event.type === 'tool-call'),
      [
        { type: 'tool-call', index: 0, call: { id: 'function-call-1111', name: 'click', arguments: { index: 3 } } },
        { type: 'tool-call', index: 1, call: { id: 'function-call-2222', name: 'click', arguments: { index: 8 } } },
      ],
    );
    const finish = events.at(-1);
    assert.ok(finish?.type === 'finish');
    assert.equal(finish.reason, 'tool_calls', 'Gemini says stop after calling tools');
  });

  it('two calls in one delta stay two calls', BOUND, async () => {
    const result = await recordedProvider('openai', 'gemini-calls-in-one-delta.sse').provider.complete(WITH_TOOLS);
    assert.deepEqual(result.toolCalls, [
      { id: 'function-call-aaaa', name: 'click', arguments: { index: 1 } },
      { id: 'function-call-bbbb', name: 'navigate', arguments: { to: '/docs' } },
    ]);
  });

  it('a fragment with neither index nor id continues the call before it; a new id starts the next', BOUND, async () => {
    const { events, error } = await drain(recordedProvider('openai', 'gemini-streamed-call.sse').provider.stream(WITH_TOOLS));
    assert.equal(error, undefined);
    assert.deepEqual(toolCallsOf(events), [
      { id: 'function-call-cccc', name: 'click', arguments: { index: 12 } },
      { id: 'function-call-dddd', name: 'next_page', arguments: {} },
    ]);
    const deltas = events.flatMap((event) => (event.type === 'tool-call-delta' ? [[event.index, event.argumentsDelta]] : []));
    assert.deepEqual(deltas, [[0, '{"index":'], [0, '12}'], [1, '{}']]);
  });
});
