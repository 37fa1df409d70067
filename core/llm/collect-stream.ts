import type { CompleteResult, StreamEvent, ThinkingBlock, ToolCall, Usage } from './types.js';

/** Collects a stream into one result; `complete()` of every provider is this over its `stream()`. */
export async function collectStream(events: AsyncIterable<StreamEvent>): Promise<CompleteResult> {
  let content = '';
  let thinking = '';
  const toolCalls: ToolCall[] = [];
  const thinkingBlocks: ThinkingBlock[] = [];
  let usage: Usage | undefined;
  for await (const event of events) {
    switch (event.type) {
      case 'text-delta':
        content += event.text;
        break;
      case 'thinking-delta':
        thinking += event.text;
        break;
      case 'thinking-block':
        thinkingBlocks.push(event.block);
        break;
      case 'tool-call':
        toolCalls.push(event.call);
        break;
      case 'usage':
        usage = event.usage;
        break;
      case 'finish': {
        const result: CompleteResult = { content, toolCalls, finishReason: event.reason, metrics: event.metrics };
        if (usage) result.usage = usage;
        if (thinking) result.thinking = thinking;
        if (thinkingBlocks.length > 0) result.thinkingBlocks = thinkingBlocks;
        return result;
      }
    }
  }
  throw new Error('collectStream: the stream ended without a `finish` event.');
}
