import { argumentsText, finishReasonOf, splitText, sse, usageOf, type BuiltStream, type TurnContext } from './wire-shared.js';
import type { MockDeltas, MockFinishReason, MockTurn } from './types.js';

const STOP_REASONS: Record<MockFinishReason, string> = {
  stop: 'end_turn',
  tool_calls: 'tool_use',
  length: 'max_tokens',
  content_filter: 'refusal',
};

const event = (type: string, body: Record<string, unknown>) => sse(JSON.stringify({ type, ...body }), type);

/** Messages streaming, as Anthropic sends it: named events, one content block at a time. */
export function anthropicStream(turn: MockTurn, context: TurnContext): BuiltStream {
  const model = turn.model ?? context.requestedModel;
  const size = turn.deltaSize ?? 6;
  let deltas = 0;
  const usage = () => usageOf(turn, deltas);
  const events: string[] = [messageStart(model, turn.usage?.inputTokens ?? 12), event('ping', {})];
  const toolStops: number[] = [];
  let index = 0;
  if (turn.thinking) {
    events.push(event('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } }));
    for (const piece of splitText(turn.thinking, size)) events.push(event('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: piece } })), deltas++;
    events.push(event('content_block_delta', { index, delta: { type: 'signature_delta', signature: 'mock-signature' } }));
    events.push(event('content_block_stop', { index }));
    index++;
  }
  if (turn.text) {
    events.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    for (const piece of splitText(turn.text, size)) events.push(event('content_block_delta', { index, delta: { type: 'text_delta', text: piece } })), deltas++;
    events.push(event('content_block_stop', { index }));
    index++;
  }
  (turn.toolCalls ?? []).forEach((call, n) => {
    events.push(event('content_block_start', { index, content_block: { type: 'tool_use', id: call.id ?? `toolu_mock_${n}`, name: call.name, input: {} } }));
    events.push(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: '' } }));
    for (const piece of splitText(argumentsText(call), size)) events.push(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } })), deltas++;
    toolStops.push(events.length);
    events.push(event('content_block_stop', { index }));
    index++;
  });
  const end = events.length;
  events.push(event('message_delta', { delta: { stop_reason: STOP_REASONS[finishReasonOf(turn)], stop_sequence: null }, usage: { output_tokens: usage().outputTokens } }));
  events.push(event('message_stop', {}));
  return { events, end, toolStops };
}

function messageStart(model: string, inputTokens: number): string {
  return event('message_start', {
    message: {
      id: 'msg_mock',
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 },
    },
  });
}

/** The benchmark path: one string built in a single pass. */
export function anthropicDeltas(script: MockDeltas, context: TurnContext): string {
  let out = messageStart(context.requestedModel, script.usage?.inputTokens ?? 12);
  out += event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
  const head = 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":';
  for (const delta of script.deltas) out += head + JSON.stringify(delta) + '}}\n\n';
  out += event('content_block_stop', { index: 0 });
  out += event('message_delta', {
    delta: { stop_reason: STOP_REASONS[script.finishReason ?? 'stop'], stop_sequence: null },
    usage: { output_tokens: script.usage?.outputTokens ?? script.deltas.length },
  });
  return out + event('message_stop', {});
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

export function anthropicErrorBody(status: number, message: string, type?: string): string {
  return JSON.stringify({ type: 'error', error: { type: type ?? ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error'), message } });
}

export function anthropicMalformedEvent(): string {
  return 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"oo\n\n';
}

export function anthropicErrorEvent(error: { type: string; message: string }): string {
  return event('error', { error: { type: error.type, message: error.message } });
}
