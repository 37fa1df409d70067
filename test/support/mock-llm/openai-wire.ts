import { argumentsText, finishReasonOf, splitText, sse, usageOf, type BuiltStream, type TurnContext } from './wire-shared.js';
import type { MockDeltas, MockTurn } from './types.js';

/** Chat Completions streaming, as OpenAI sends it: chunk objects, then the usage chunk, then `[DONE]`. */
export function openAIStream(turn: MockTurn, context: TurnContext): BuiltStream {
  const model = turn.model ?? context.requestedModel;
  const size = turn.deltaSize ?? 6;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    sse(
      JSON.stringify({
        id: 'chatcmpl-mock',
        object: 'chat.completion.chunk',
        created: 1_700_000_000,
        model,
        system_fingerprint: null,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      }),
    );
  const events: string[] = [chunk({ role: 'assistant', content: '', refusal: null })];
  let deltas = 0;
  for (const piece of splitText(turn.thinking ?? '', size)) events.push(chunk({ reasoning_content: piece })), deltas++;
  for (const piece of splitText(turn.text ?? '', size)) events.push(chunk({ content: piece })), deltas++;
  (turn.toolCalls ?? []).forEach((call, index) => {
    events.push(chunk({ tool_calls: [{ index, id: call.id ?? `call_mock_${index}`, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const piece of splitText(argumentsText(call), size)) events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] })), deltas++;
  });
  const end = events.length;
  events.push(chunk({}, finishReasonOf(turn)));
  if (context.includeUsage) events.push(usageChunk(model, usageOf(turn, deltas)));
  events.push(sse('[DONE]'));
  return { events, end, toolStops: (turn.toolCalls ?? []).map(() => end) };
}

function usageChunk(model: string, usage: { inputTokens: number; outputTokens: number }): string {
  return sse(
    JSON.stringify({
      id: 'chatcmpl-mock',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model,
      system_fingerprint: null,
      choices: [],
      usage: { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, total_tokens: usage.inputTokens + usage.outputTokens },
    }),
  );
}

/** The benchmark path: one string built in a single pass. */
export function openAIDeltas(script: MockDeltas, context: TurnContext): string {
  const model = JSON.stringify(context.requestedModel);
  const head = `data: {"id":"chatcmpl-mock","object":"chat.completion.chunk","created":1700000000,"model":${model},"system_fingerprint":null,"choices":[{"index":0,"delta":{"content":`;
  const tail = '},"logprobs":null,"finish_reason":null}]}\n\n';
  let out = `data: {"id":"chatcmpl-mock","object":"chat.completion.chunk","created":1700000000,"model":${model},"system_fingerprint":null,"choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}\n\n`;
  for (const delta of script.deltas) out += head + JSON.stringify(delta) + tail;
  out += `data: {"id":"chatcmpl-mock","object":"chat.completion.chunk","created":1700000000,"model":${model},"system_fingerprint":null,"choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":${JSON.stringify(script.finishReason ?? 'stop')}}]}\n\n`;
  if (context.includeUsage) {
    out += usageChunk(context.requestedModel, script.usage ?? { inputTokens: 12, outputTokens: script.deltas.length });
  }
  return out + 'data: [DONE]\n\n';
}

export function openAIErrorBody(status: number, message: string, type?: string): string {
  return JSON.stringify({ error: { message, type: type ?? (status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error'), param: null, code: null } });
}

export function openAIMalformedEvent(): string {
  return 'data: {"id":"chatcmpl-mock","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"oops"}\n\n';
}

export function openAIErrorEvent(error: { type: string; message: string; code?: number }): string {
  return `data: ${JSON.stringify({ error: { message: error.message, type: error.type, param: null, code: error.code ?? null } })}\n\n`;
}
