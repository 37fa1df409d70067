import { streamCall, type WireDecoder, type WireEnding, type WireSettings } from './call.js';
import { pushContent } from './chat-content-parts.js';
import { ToolCallSlots } from './chat-tool-call-slots.js';
import { LLMError, type CallLabel } from './errors.js';
import { truncate } from './error-text.js';
import { checkCallOptions } from './check-call-options.js';
import type { EventSourceMessage } from './sse.js';
import { errorEvent, streamedError } from './stream-error.js';
import { isOpenAIReasoningModel, openAIReasoningEffort } from './thinking.js';
import { ToolCallAssembler, unfinishedStreamError } from './tool-calls.js';
import type { CompleteOptions, FinishReason, LLMMessage, StreamEvent, Usage } from './types.js';

const FACTORY = 'openAICompatible';

/** What `openAICompatible()` resolved from its config, for the protocol code. */
export interface ChatCompletionsSettings extends WireSettings {
  maxTokens: number | undefined;
}

export type ChatCompletionsWire = typeof import('./openai-chat-wire.js');

/** One streaming Chat Completions call. */
export function streamChatCompletions(settings: ChatCompletionsSettings, options: CompleteOptions): AsyncIterable<StreamEvent> {
  return streamCall(settings.runtime, () => {
    checkCallOptions(options, FACTORY);
    const model = options.model ?? settings.defaultModel;
    const label: CallLabel = { provider: settings.providerLabel, model };
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
    if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
    const body = JSON.stringify(chatCompletionsBody(options, model, settings.maxTokens));
    return { label, request: { url: settings.url, headers, extraHeaders: settings.headers, body }, decoder: new ChatCompletionsDecoder(label), signal: options.signal };
  });
}

/** The JSON body of a streaming Chat Completions request. */
export function chatCompletionsBody(options: CompleteOptions, model: string, defaultMaxTokens?: number): Record<string, unknown> {
  const reasoning = isOpenAIReasoningModel(model);
  const body: Record<string, unknown> = {
    model,
    messages: options.messages.map(toChatMessage),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (options.tools && options.tools.length > 0) {
    body.tools = options.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
    if (options.toolChoice !== undefined) {
      body.tool_choice = typeof options.toolChoice === 'string' ? options.toolChoice : { type: 'function', function: { name: options.toolChoice.name } };
    }
  }
  if (options.jsonMode) body.response_format = { type: 'json_object' };
  // Reasoning models refuse a temperature other than the default, and `max_tokens` in favour of
  // `max_completion_tokens`, which also counts the hidden reasoning.
  if (options.temperature !== undefined && !reasoning) body.temperature = options.temperature;
  const maxTokens = options.maxTokens ?? defaultMaxTokens;
  if (maxTokens !== undefined) body[reasoning ? 'max_completion_tokens' : 'max_tokens'] = maxTokens;
  const effort = openAIReasoningEffort(model, options.thinking);
  if (effort) body.reasoning_effort = effort;
  return body;
}

function toChatMessage(message: LLMMessage): Record<string, unknown> {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      if (typeof message.content === 'string') return { role: 'user', content: message.content };
      return {
        role: 'user',
        content: message.content.map((part) =>
          part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image_url', image_url: { url: part.image } },
        ),
      };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      const out: Record<string, unknown> = { role: 'assistant', content: message.content === '' && calls.length > 0 ? null : message.content };
      if (calls.length > 0) {
        out.tool_calls = calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: JSON.stringify(call.arguments) },
        }));
      }
      return out;
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}

const FINISH_REASONS = new Map<string, FinishReason>([
  ['stop', 'stop'],
  ['tool_calls', 'tool_calls'],
  ['function_call', 'tool_calls'],
  ['length', 'length'],
  ['content_filter', 'content_filter'],
]);

/**
 * Chat Completions chunks → events. The stream's end is a `finish_reason`; `[DONE]` closes it; the
 * usage chunk (asked for with `include_usage`) comes between them with no choices. Servers that send
 * an empty or null `finish_reason` to the end (LM Studio, llama.cpp) still send that usage chunk,
 * which only comes once the answer is over: it ends the stream like a `stop`.
 */
class ChatCompletionsDecoder implements WireDecoder {
  done = false;
  finishReceived = false;
  private finishReason: string | undefined;
  private usage: Usage | undefined;
  private model: string | undefined;
  private readonly tools: ToolCallAssembler;
  private readonly slots = new ToolCallSlots();

  constructor(private readonly label: CallLabel) {
    this.tools = new ToolCallAssembler(label);
  }

  decode(message: EventSourceMessage, out: StreamEvent[]): void {
    const data = message.data;
    if (data === '[DONE]') {
      this.done = true;
      return;
    }
    // Older llama.cpp servers name the event; its data may lack the `error` wrapper, or not be JSON.
    if (message.event === 'error') throw errorEvent(this.label, data);
    const chunk = this.parse(data);
    if (chunk.error !== undefined && chunk.error !== null) throw streamedError(this.label, chunk.error);
    if (typeof chunk.model === 'string' && chunk.model) this.model = chunk.model;
    const usage = chunk.usage as Record<string, unknown> | null | undefined;
    if (usage && typeof usage === 'object') {
      this.usage = { inputTokens: count(usage.prompt_tokens), outputTokens: count(usage.completion_tokens) };
    }
    const choices = chunk.choices;
    if (!Array.isArray(choices) || choices.length === 0) {
      if (usage && typeof usage === 'object') this.finishReceived = true;
      return;
    }
    // Choices after the usage chunk: it was not the end after all.
    if (this.finishReason === undefined) this.finishReceived = false;
    for (const choice of choices as unknown[]) {
      // One completion per request: other choices (n > 1) are not ours to merge.
      if (!choice || typeof choice !== 'object') continue;
      const record = choice as Record<string, unknown>;
      if (record.index !== undefined && record.index !== 0) continue;
      this.decodeChoice(record, out);
    }
  }

  /** One choice: its `delta` (streamed) or `message` (a whole answer in one chunk). */
  private decodeChoice(choice: Record<string, unknown>, out: StreamEvent[]): void {
    const body = choice.delta ?? choice.message;
    const delta = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    // Ollama and OpenRouter say `reasoning`, DeepSeek and vLLM `reasoning_content`.
    const reasoning = [delta.reasoning_content, delta.reasoning].find((value): value is string => typeof value === 'string' && value !== '');
    if (reasoning) out.push({ type: 'thinking-delta', text: reasoning });
    pushContent(delta.content, out);
    if (typeof delta.refusal === 'string' && delta.refusal) out.push({ type: 'text-delta', text: delta.refusal });
    if (Array.isArray(delta.tool_calls)) {
      for (const raw of delta.tool_calls as unknown[]) {
        if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
          out.push({ type: 'debug', reason: 'skipped-part', detail: 'skipped a tool-call fragment that is not an object' });
          continue;
        }
        const call = raw as Record<string, unknown>;
        const fn = (call.function && typeof call.function === 'object' ? call.function : {}) as Record<string, unknown>;
        const id = str(call.id);
        this.tools.add(this.slots.slot(call.index, id), { id, name: str(fn.name), argumentsDelta: str(fn.arguments) }, out);
      }
    }
    if (typeof choice.finish_reason === 'string' && choice.finish_reason) {
      this.finishReason = choice.finish_reason;
      this.finishReceived = true;
    }
  }

  end(): WireEnding {
    if (!this.finishReceived) {
      throw unfinishedStreamError(this.label, this.tools, `a finish_reason${this.done ? ' ([DONE] came first)' : ''}`);
    }
    this.tools.closeAll();
    let reason = (this.finishReason !== undefined && FINISH_REASONS.get(this.finishReason)) || 'stop';
    const toolCalls = this.tools.finish(reason);
    // Some servers say `stop` after calling tools; the calls are what the caller must act on.
    if (reason === 'stop' && toolCalls.length > 0) reason = 'tool_calls';
    const ending: WireEnding = { reason, toolCalls };
    if (this.usage) ending.usage = this.usage;
    if (this.model) ending.model = this.model;
    return ending;
  }

  private parse(data: string): Record<string, unknown> {
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      throw new LLMError({ kind: 'protocol', label: this.label, problem: `the stream sent malformed JSON: ${truncate(data, 120)}`, retryable: false });
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      throw new LLMError({ kind: 'protocol', label: this.label, problem: `the stream sent a chunk that is not a JSON object: ${truncate(data, 120)}`, retryable: false });
    }
    return value as Record<string, unknown>;
  }
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
