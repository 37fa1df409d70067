import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { messagesBody } from '../../../core/llm/anthropic-messages-wire.js';
import type { LLMMessage } from '../../../core/llm/index.js';
import { BOUND, CLICK_TOOL, HELLO, answeringFetch, debugOf, drain, fakeProvider, recordedProvider, textOf, thinkingOf, toolCallsOf } from './support.js';

const WITH_TOOLS = { ...HELLO, tools: [CLICK_TOOL] };

describe('anthropic: content blocks of types the provider does not know', () => {
  it('server tools, their results, MCP calls, uploads and future blocks are skipped with a debug event; the answer and its call stand', BOUND, async () => {
    const { provider } = recordedProvider('anthropic', 'anthropic-server-tools.sse', 11);
    const { events, error } = await drain(provider.stream(WITH_TOOLS));
    assert.equal(error, undefined);
    assert.equal(textOf(events), 'Let me search. The docs say to click Install.');
    assert.deepEqual(toolCallsOf(events), [{ id: 'toolu_01', name: 'click', arguments: { index: 5 } }]);
    assert.ok(
      events.every((event) => event.type !== 'tool-call-delta' || event.id === 'toolu_01'),
      'a server tool is no call for the caller to run',
    );
    assert.deepEqual(
      debugOf(events).map((event) => [event.reason, event.detail]),
      [
        ['skipped-block', 'skipped content block 1 of type "server_tool_use"'],
        ['skipped-block', 'skipped content block 2 of type "web_search_tool_result"'],
        ['skipped-block', 'skipped content block 4 of type "mcp_tool_use"'],
        ['skipped-block', 'skipped content block 5 of type "container_upload"'],
        ['skipped-block', 'skipped content block 6 of type "hologram_2030"'],
      ],
    );
    const finish = events.at(-1);
    assert.ok(finish?.type === 'finish');
    assert.equal(finish.reason, 'tool_calls');
    assert.equal(finish.metrics.outputTokens, 310);
  });

  it('a delta that does not fit its block is skipped with a debug event, never read as text or arguments', BOUND, async () => {
    const event = (type: string, body: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...body })}\n\n`;
    const body = [
      event('message_start', { message: { model: 'c', usage: { input_tokens: 1 } } }),
      event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
      event('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: '{"x":1}' } }),
      event('content_block_delta', { index: 0, delta: { type: 'sparkle_delta' } }),
      event('content_block_delta', { index: 0, delta: 'not an object' }),
      event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'ok' } }),
      event('content_block_stop', { index: 0 }),
      event('content_block_start', { index: 1, content_block: null }),
      event('content_block_stop', { index: 1 }),
      event('message_delta', { delta: { stop_reason: 'constructor' } }),
      event('message_stop', {}),
    ].join('');
    const { fetch } = answeringFetch([body]);
    const { events, error } = await drain(fakeProvider('anthropic', fetch).stream(HELLO));
    assert.equal(error, undefined);
    assert.equal(textOf(events), 'ok');
    assert.deepEqual(debugOf(events).map((debug) => debug.detail), [
      'skipped a delta of type "input_json_delta" for a text block at 0',
      'skipped a delta of type "sparkle_delta" for a text block at 0',
      'skipped a delta of type none for a text block at 0',
      'skipped content block 1 of type none',
    ]);
    const finish = events.at(-1);
    assert.ok(finish?.type === 'finish');
    assert.equal(finish.reason, 'stop');
  });
});

describe('anthropic: thinking blocks, redacted ones included', () => {
  it('keeps redacted thinking out of the text, streams the signature, and hands both blocks back for the next turn', BOUND, async () => {
    const { provider } = recordedProvider('anthropic', 'anthropic-redacted-thinking.sse');
    const result = await provider.complete({ ...WITH_TOOLS, thinking: 'high' });
    assert.equal(result.content, 'Clicking it.');
    assert.equal(result.thinking, 'The button is at index 2.');
    assert.deepEqual(result.thinkingBlocks, [
      { type: 'thinking', thinking: 'The button is at index 2.', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxuZXh0IHBhcnQ=' },
      { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB5URj' },
    ]);
    assert.deepEqual(result.toolCalls, [{ id: 'toolu_02', name: 'click', arguments: { index: 2 } }]);

    const next: LLMMessage[] = [
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: result.content, toolCalls: result.toolCalls, thinkingBlocks: result.thinkingBlocks! },
      { role: 'tool', toolCallId: 'toolu_02', content: 'clicked' },
    ];
    const body = messagesBody({ messages: next, tools: [CLICK_TOOL], thinking: 'high' }, 'c', 4096);
    assert.deepEqual((body.messages as Array<{ content: unknown[] }>)[1]!.content.slice(0, 2), result.thinkingBlocks);
    assert.deepEqual(body.thinking, { type: 'enabled', budget_tokens: 16_384 });
  });

  it('the thinking deltas stream as they come, and no redacted data reaches them', BOUND, async () => {
    const { events } = await drain(recordedProvider('anthropic', 'anthropic-redacted-thinking.sse').provider.stream(HELLO));
    assert.equal(thinkingOf(events), 'The button is at index 2.');
    assert.ok(!JSON.stringify(events.filter((event) => event.type !== 'thinking-block')).includes('EmwKAhgB'));
    assert.ok(!textOf(events).includes('SECRET'));
  });
});
