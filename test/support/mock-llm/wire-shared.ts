import type { MockFinishReason, MockToolCall, MockTurn, MockUsage } from './types.js';

/** A scripted answer as SSE event strings, with the positions that faults cut at. */
export interface BuiltStream {
  events: string[];
  /** Index of the first event that ends the stream (finish chunk, message_delta). */
  end: number;
  /** Index of the event after which each tool call is complete. */
  toolStops: number[];
}

export interface TurnContext {
  /** The model named in the request body. */
  requestedModel: string;
  /** OpenAI: the request asked for `stream_options.include_usage`. */
  includeUsage: boolean;
}

export function finishReasonOf(turn: { toolCalls?: MockToolCall[]; finishReason?: MockFinishReason }): MockFinishReason {
  return turn.finishReason ?? (turn.toolCalls && turn.toolCalls.length > 0 ? 'tool_calls' : 'stop');
}

export function argumentsText(call: MockToolCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

/** Splits on code points, so that a delta never holds half a surrogate pair. */
export function splitText(text: string, size: number): string[] {
  const points = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < points.length; i += size) pieces.push(points.slice(i, i + size).join(''));
  return pieces;
}

export function usageOf(turn: MockTurn, deltaCount: number): MockUsage {
  return turn.usage ?? { inputTokens: 12, outputTokens: Math.max(1, deltaCount) };
}

/** Cuts a JSON text a few characters into its first string value, so that it cannot parse. */
export function cutInsideString(json: string): string {
  const colon = json.indexOf(':');
  const quote = json.indexOf('"', colon === -1 ? 0 : colon);
  if (quote === -1) return json.slice(0, Math.max(1, Math.floor(json.length / 2)));
  return json.slice(0, Math.min(json.length - 1, quote + 4));
}

export function sse(data: string, event?: string): string {
  return event ? `event: ${event}\ndata: ${data}\n\n` : `data: ${data}\n\n`;
}
