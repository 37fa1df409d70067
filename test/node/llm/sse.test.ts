import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMError, openAICompatible, anthropic } from '../../../core/llm/index.js';
import { createSSEDecoder } from '../../../core/llm/sse.js';
import { BOUND, FAST, HELLO, drain } from './support.js';

const LABEL = { provider: 'test', model: 'm' };
const encode = (text: string) => new TextEncoder().encode(text);

describe('createSSEDecoder', () => {
  it('keeps a UTF-8 sequence split across reads whole', () => {
    const decoder = createSSEDecoder(LABEL);
    const bytes = encode('data: {"t":"€ 👋"}\n\n');
    const events = [];
    for (let i = 0; i < bytes.length; i++) events.push(...decoder.push(bytes.subarray(i, i + 1)));
    assert.deepEqual(events.map((event) => JSON.parse(event.data).t), ['€ 👋']);
  });

  it('yields events in order, with names, across arbitrary boundaries and CRLF line ends', () => {
    const decoder = createSSEDecoder(LABEL);
    const text = 'event: a\r\ndata: 1\r\n\r\n: comment\n\nevent: b\ndata: 2\ndata: 3\n\n';
    const events = [...decoder.push(encode(text.slice(0, 7))), ...decoder.push(encode(text.slice(7, 30))), ...decoder.push(encode(text.slice(30))), ...decoder.end()];
    assert.deepEqual(events.map(({ event, data }) => ({ event, data })), [
      { event: 'a', data: '1' },
      { event: 'b', data: '2\n3' },
    ]);
  });

  it('drops an unterminated last event at the end of the body, as SSE says', () => {
    const decoder = createSSEDecoder(LABEL);
    assert.deepEqual(decoder.push(encode('data: whole\n\ndata: cut')).map((event) => event.data), ['whole']);
    assert.deepEqual(decoder.end(), []);
  });

  it('refuses a line that grows past the bound without ever ending', () => {
    const decoder = createSSEDecoder(LABEL, 1024);
    decoder.push(encode('data: '));
    assert.throws(() => {
      for (let i = 0; i < 10; i++) decoder.push(encode('a'.repeat(200)));
    }, (error: LLMError) => error.kind === 'protocol' && /more than 1024 bytes without ending an event/.test(error.message));
  });

  it('refuses an event whose data lines pile up past the bound without a blank line', () => {
    const decoder = createSSEDecoder(LABEL, 1024);
    assert.throws(() => {
      for (let i = 0; i < 100; i++) decoder.push(encode(`data: ${'b'.repeat(50)}\n`));
    }, /without ending an event/);
  });

  it('counts bytes, not characters', () => {
    const decoder = createSSEDecoder(LABEL, 1024);
    decoder.push(encode('data: '));
    // 300 three-byte characters: 900 bytes, then 300 more: over 1024 bytes though under 1024 characters.
    decoder.push(encode('€'.repeat(300)));
    assert.throws(() => decoder.push(encode('€'.repeat(100))), /1024 bytes/);
  });

  it('does not count keep-alive comments or finished events against the bound', () => {
    const decoder = createSSEDecoder(LABEL, 1024);
    for (let i = 0; i < 200; i++) decoder.push(encode(': keep-alive\n'));
    for (let i = 0; i < 200; i++) assert.equal(decoder.push(encode(`data: ${'c'.repeat(40)}\n\n`)).length, 1);
  });
});

/** A fetch that answers with an event stream made of the given pieces. */
function streamingFetch(pieces: string[]): typeof fetch {
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of pieces) controller.enqueue(encode(piece));
          controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'text/event-stream' } },
    );
}

const chunk = (delta: unknown, finish: string | null = null) => `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

describe('protocol bounds end to end', () => {
  it('an OpenAI tool-call index beyond the bound is a protocol error', BOUND, async () => {
    const provider = openAICompatible({ baseURL: 'http://mock.invalid/v1', model: 'm', ...FAST, fetch: streamingFetch([chunk({ tool_calls: [{ index: 500, id: 'x', function: { name: 'f', arguments: '{}' } }] })]) });
    const { error } = await drain(provider.stream(HELLO));
    assert.equal(error?.kind, 'protocol');
    assert.match(error?.message ?? '', /tool call index 500 is outside 0…127/);
  });

  it('an oversized event is a protocol error for a provider too', BOUND, async () => {
    const provider = openAICompatible({ baseURL: 'http://mock.invalid/v1', model: 'm', ...FAST, maxEventBytes: 4096, fetch: streamingFetch([chunk({ content: 'hi' }), `data: "${'z'.repeat(10_000)}`]) });
    const { events, error } = await drain(provider.stream(HELLO));
    assert.equal(events.length, 1);
    assert.equal(error?.kind, 'protocol');
    assert.match(error?.message ?? '', /4096 bytes/);
  });

  it('[DONE] without a finish_reason is not a success', BOUND, async () => {
    const provider = openAICompatible({ baseURL: 'http://mock.invalid/v1', model: 'm', ...FAST, fetch: streamingFetch([chunk({ content: 'hi' }), 'data: [DONE]\n\n']) });
    const { error } = await drain(provider.stream(HELLO));
    assert.equal(error?.kind, 'protocol');
    assert.match(error?.message ?? '', /\[DONE\] came first/);
  });

  it('tool-call fragments whose id and name come on the first one only are assembled; a missing id is filled', BOUND, async () => {
    const provider = openAICompatible({
      baseURL: 'http://mock.invalid/v1',
      model: 'm',
      ...FAST,
      fetch: streamingFetch([
        chunk({ tool_calls: [{ index: 0, function: { name: 'scroll', arguments: '{"by"' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { name: 'scroll', arguments: ': 300}' } }] }),
        chunk({}, 'tool_calls'),
      ]),
    });
    const result = await provider.complete(HELLO);
    assert.deepEqual(result.toolCalls, [{ id: 'call_0', name: 'scroll', arguments: { by: 300 } }]);
  });

  it('a completed call keeps the index its deltas carried when an earlier one was dropped', BOUND, async () => {
    const provider = openAICompatible({
      baseURL: 'http://mock.invalid/v1',
      model: 'm',
      ...FAST,
      fetch: streamingFetch([
        chunk({ tool_calls: [{ index: 0, id: 'a', function: { name: 'one', arguments: '{"x": "cu' } }] }),
        chunk({ tool_calls: [{ index: 1, id: 'b', function: { name: 'two', arguments: '{}' } }] }),
        chunk({}, 'length'),
      ]),
    });
    const { events, error } = await drain(provider.stream(HELLO));
    assert.equal(error, undefined);
    assert.deepEqual(events.filter((event) => event.type === 'tool-call'), [{ type: 'tool-call', index: 1, call: { id: 'b', name: 'two', arguments: {} } }]);
  });

  it('an Anthropic delta for a block that never started is a protocol error', BOUND, async () => {
    const provider = anthropic({
      baseURL: 'http://mock.invalid',
      model: 'c',
      ...FAST,
      fetch: streamingFetch(['event: message_start\ndata: {"type":"message_start","message":{"usage":{"input_tokens":1}}}\n\n', 'event: content_block_delta\ndata: {"type":"content_block_delta","index":3,"delta":{"type":"text_delta","text":"x"}}\n\n']),
    });
    const { error } = await drain(provider.stream(HELLO));
    assert.equal(error?.kind, 'protocol');
    assert.match(error?.message ?? '', /content block 3, which never started/);
  });

  it('an Anthropic tool_use block that arrives whole in content_block_start is kept', BOUND, async () => {
    const event = (type: string, body: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...body })}\n\n`;
    const provider = anthropic({
      baseURL: 'http://mock.invalid',
      model: 'c',
      ...FAST,
      fetch: streamingFetch([
        event('message_start', { message: { model: 'c-1', usage: { input_tokens: 5, cache_read_input_tokens: 100, output_tokens: 1 } } }),
        event('content_block_start', { index: 0, content_block: { type: 'tool_use', id: 't1', name: 'go', input: { to: '/docs' } } }),
        event('content_block_stop', { index: 0 }),
        event('some_future_event', {}),
        event('message_delta', { delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } }),
        event('message_stop', {}),
      ]),
    });
    const result = await provider.complete(HELLO);
    assert.deepEqual(result.toolCalls, [{ id: 't1', name: 'go', arguments: { to: '/docs' } }]);
    assert.deepEqual(result.usage, { inputTokens: 105, outputTokens: 9 });
    assert.equal(result.metrics.model, 'c-1');
  });
});
