import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { mockLLMPlugin } from '../../support/mock-llm/wtr-plugin.js';
import { BOUND, scenarioId } from './support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

/** Reads a raw SSE answer into `{ event, data }` records. */
async function rawEvents(url: string, body: unknown): Promise<{ event?: string; data: string }[]> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  const text = await response.text();
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
      return event ? { event, data } : { data };
    });
}

describe('mock LLM: OpenAI Chat Completions fidelity', () => {
  it('the official openai client reads its text, tool calls and usage', BOUND, async () => {
    const id = scenarioId('mock-sdk');
    mock.script(id, [{ text: 'Hi from the mock.', toolCalls: [{ name: 'click', arguments: { index: 4 } }], usage: { inputTokens: 9, outputTokens: 5 }, chunkSize: 7 }]);
    const client = new OpenAI({ baseURL: mock.openAIBaseURL(id), apiKey: 'k', maxRetries: 0 });
    const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let args = '';
    let finish: string | null = null;
    let usage: unknown;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      text += choice?.delta.content ?? '';
      args += choice?.delta.tool_calls?.[0]?.function?.arguments ?? '';
      finish = choice?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    assert.equal(text, 'Hi from the mock.');
    assert.deepEqual(JSON.parse(args), { index: 4 });
    assert.equal(finish, 'tool_calls');
    assert.deepEqual(usage, { prompt_tokens: 9, completion_tokens: 5, total_tokens: 14 });
  });

  it('the official client reads the fast 10,000-delta path', BOUND, async () => {
    const id = scenarioId('mock-sdk-deltas');
    const deltas = Array.from({ length: 10_000 }, (_, i) => `${i},`);
    mock.script(id, [{ deltas }]);
    const client = new OpenAI({ baseURL: mock.openAIBaseURL(id), apiKey: 'k', maxRetries: 0 });
    const stream = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true });
    let text = '';
    let count = 0;
    for await (const chunk of stream) {
      const content = chunk.choices[0]?.delta.content;
      if (content) (text += content), count++;
    }
    assert.equal(count, 10_000);
    assert.equal(text, deltas.join(''));
  });

  it('sends the usage chunk only when the request asks for it, and ends with [DONE]', BOUND, async () => {
    const id = scenarioId('mock-usage');
    mock.script(id, [{ text: 'a' }, { text: 'a' }]);
    const url = `${mock.openAIBaseURL(id)}/chat/completions`;
    const without = await rawEvents(url, { model: 'm' });
    const withUsage = await rawEvents(url, { model: 'm', stream_options: { include_usage: true } });
    assert.equal(without.at(-1)?.data, '[DONE]');
    assert.ok(!without.some((event) => event.data.includes('"usage"')));
    const usageChunk = JSON.parse(withUsage.at(-2)!.data);
    assert.deepEqual(usageChunk.choices, []);
    assert.equal(typeof usageChunk.usage.prompt_tokens, 'number');
  });
});

describe('mock LLM: Anthropic Messages fidelity', () => {
  it('sends the documented event sequence with matching event names and types', BOUND, async () => {
    const id = scenarioId('mock-anthropic');
    mock.script(id, [{ thinking: 'hm', text: 'Hi', toolCalls: [{ name: 'go', arguments: { to: '/' } }] }]);
    const events = await rawEvents(`${mock.anthropicBaseURL(id)}/v1/messages`, { model: 'claude-test' });
    for (const event of events) assert.equal(JSON.parse(event.data).type, event.event);
    const sequence = events.map((event) => {
      const data = JSON.parse(event.data);
      return data.delta?.type ? `${event.event}:${data.delta.type}` : data.content_block?.type ? `${event.event}:${data.content_block.type}` : event.event;
    });
    assert.deepEqual(sequence.filter((name, i) => name !== sequence[i - 1]), [
      'message_start',
      'ping',
      'content_block_start:thinking',
      'content_block_delta:thinking_delta',
      'content_block_delta:signature_delta',
      'content_block_stop',
      'content_block_start:text',
      'content_block_delta:text_delta',
      'content_block_stop',
      'content_block_start:tool_use',
      'content_block_delta:input_json_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    assert.equal(JSON.parse(events.at(-2)!.data).delta.stop_reason, 'tool_use');
  });

  it('answers errors in the API error shape', BOUND, async () => {
    const id = scenarioId('mock-anthropic-error');
    mock.script(id, [{ status: 529, error: { message: 'Overloaded' } }]);
    const response = await fetch(`${mock.anthropicBaseURL(id)}/v1/messages`, { method: 'POST', body: '{}' });
    assert.equal(response.status, 529);
    assert.deepEqual(await response.json(), { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
  });
});

describe('mock LLM: scenarios and control', () => {
  it('keeps each scenario its own queue and request log', BOUND, async () => {
    const a = scenarioId('iso-a');
    const b = scenarioId('iso-b');
    mock.script(a, [{ text: 'A' }]);
    mock.script(b, [{ text: 'B' }]);
    const [fromB] = await rawEvents(`${mock.openAIBaseURL(b)}/chat/completions`, { model: 'm', n: 'b' }).then((events) => events.filter((event) => event.data.includes('"content":"B"')));
    assert.ok(fromB);
    assert.equal(mock.requests(a).length, 0);
    assert.deepEqual(mock.requests(b).map((request) => request.body.n), ['b']);
    assert.equal(mock.requests(b)[0]!.outcome, 'complete');
  });

  it('refuses, without a retryable status, a request with nothing scripted', BOUND, async () => {
    const id = scenarioId('empty');
    const response = await fetch(`${mock.openAIBaseURL(id)}/chat/completions`, { method: 'POST', body: '{}' });
    assert.equal(response.status, 400);
    assert.match((await response.json()).error.message, /no scripted response left/);
  });

  it('is driven over HTTP with CORS for browser tests', BOUND, async () => {
    const id = scenarioId('control');
    const preflight = await fetch(`${mock.url}/s/${id}/v1/messages`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:8000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key, anthropic-dangerous-direct-browser-access, x-stainless-os' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    const allowed = preflight.headers.get('access-control-allow-headers') ?? '';
    for (const header of ['authorization', 'x-api-key', 'anthropic-version', 'anthropic-dangerous-direct-browser-access', 'content-type', 'x-stainless-os']) assert.ok(allowed.includes(header), header);
    const scripted = await fetch(`${mock.url}/__control/script`, { method: 'POST', body: JSON.stringify({ id, responses: [{ text: 'viaHTTP' , deltaSize: 20 }] }) });
    assert.equal(scripted.status, 200);
    const events = await rawEvents(`${mock.openAIBaseURL(id)}/chat/completions`, { model: 'm', marker: 42 });
    assert.ok(events.some((event) => event.data.includes('viaHTTP')));
    const recorded = await (await fetch(`${mock.url}/__control/requests/${id}`)).json();
    assert.equal(recorded[0].body.marker, 42);
    assert.equal(recorded[0].path, '/v1/chat/completions');
  });

  it('the web-test-runner plugin starts the server, tells pages where it is, and stops it', BOUND, async () => {
    const plugin = mockLLMPlugin();
    assert.equal(plugin.serve({ path: '/other' }), undefined);
    await plugin.serverStart();
    const served = plugin.serve({ path: '/__dddk/mock-llm' });
    const { url } = JSON.parse(served!.body);
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const preflight = await fetch(`${url}/__control/requests/x`);
    assert.equal(preflight.status, 200);
    await plugin.serverStop();
    await assert.rejects(fetch(`${url}/__control/requests/x`));
  });
});
