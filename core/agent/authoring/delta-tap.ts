import type { LLMProvider, StreamEvent } from '../../llm/types.js';

/**
 * A provider that passes every call through unchanged while reporting the arguments text of one
 * tool's calls as it streams, since the loop itself only reports tool calls once they are complete.
 */
export function tapToolArguments(llm: LLMProvider, toolName: string, onArguments: (text: string) => void): LLMProvider {
  return {
    name: llm.name,
    complete: (options) => llm.complete(options),
    async *stream(options): AsyncIterable<StreamEvent> {
      const texts = new Map<number, string>();
      for await (const event of llm.stream(options)) {
        if (event.type === 'tool-call-delta' && event.name === toolName) {
          const text = (texts.get(event.index) ?? '') + event.argumentsDelta;
          texts.set(event.index, text);
          onArguments(text);
        }
        yield event;
      }
    },
  };
}
