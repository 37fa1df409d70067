import { streamCall, type WireDecoder, type WireEnding, type WireSettings } from './call.js';
import { LLMError, type CallLabel } from './errors.js';
import { truncate } from './error-text.js';
import { checkCallOptions } from './check-call-options.js';
import type { EventSourceMessage } from './sse.js';
import { errorEvent, streamedError } from './stream-error.js';
import { anthropicThinkingBudget } from './thinking.js';
import { ToolCallAssembler, unfinishedStreamError } from './tool-calls.js';
import type { CompleteOptions, ContentPart, FinishReason, LLMMessage, StreamEvent, ThinkingBlock, Usage } from './types.js';

const FACTORY = 'anthropic';
const JSON_MODE_INSTRUCTION = 'Reply with a single JSON object and nothing else.';

/** What `anthropic()` resolved from its config, for the protocol code. */
export interface MessagesSettings extends WireSettings {
  maxTokens: number;
  anthropicVersion: string;
  allowBrowser: boolean;
}

export type MessagesWire = typeof import('./anthropic-messages-wire.js');

/** One streaming Messages call. */
export function streamMessages(settings: MessagesSettings, options: CompleteOptions): AsyncIterable<StreamEvent> {
  return streamCall(settings.runtime, () => {
    checkCallOptions(options, FACTORY);
    const model = options.model ?? settings.defaultModel;
    const label: CallLabel = { provider: settings.providerLabel, model };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'anthropic-version': settings.anthropicVersion,
    };
    if (settings.apiKey) headers['x-api-key'] = settings.apiKey;
    if (settings.allowBrowser) headers['anthropic-dangerous-direct-browser-access'] = 'true';
    const body = JSON.stringify(messagesBody(options, model, settings.maxTokens));
    return { label, request: { url: settings.url, headers, extraHeaders: settings.headers, body }, decoder: new MessagesDecoder(label), signal: options.signal };
  });
}

type Block = Record<string, unknown>;
interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: Block[];
}

/** The JSON body of a streaming Messages request. */
export function messagesBody(options: CompleteOptions, model: string, defaultMaxTokens: number): Record<string, unknown> {
  const system = options.messages.filter((message) => message.role === 'system').map((message) => message.content);
  if (options.jsonMode) system.push(JSON_MODE_INSTRUCTION);
  const body: Record<string, unknown> = {
    model,
    max_tokens: options.maxTokens ?? defaultMaxTokens,
    stream: true,
    messages: toAnthropicMessages(options.messages),
  };
  if (system.length > 0) body.system = system.join('\n\n');
  const forcesTool = options.toolChoice !== undefined && options.toolChoice !== 'auto';
  if (options.tools && options.tools.length > 0) {
    body.tools = options.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.parameters }));
    if (options.toolChoice !== undefined) {
      const choice = options.toolChoice;
      body.tool_choice = choice === 'auto' ? { type: 'auto' } : choice === 'required' ? { type: 'any' } : { type: 'tool', name: choice.name };
    }
  }
  // Extended thinking cannot be combined with a forced tool, and a tool loop that continues with
  // thinking on must hand back the previous turn's thinking blocks; without them, think no more.
  const budget = forcesTool || lastAssistantLacksThinking(options.messages) ? undefined : anthropicThinkingBudget(options.thinking);
  if (budget !== undefined) {
    body.thinking = { type: 'enabled', budget_tokens: budget };
    const requested = body.max_tokens as number;
    // `max_tokens` includes the thinking budget and must exceed it.
    if (requested <= budget) body.max_tokens = budget + requested;
  } else if (options.temperature !== undefined) {
    // With thinking enabled the API refuses any temperature but the default.
    body.temperature = options.temperature;
  }
  return body;
}

function lastAssistantLacksThinking(messages: LLMMessage[]): boolean {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role !== 'assistant') continue;
    return (message.toolCalls?.length ?? 0) > 0 && !(message.thinkingBlocks?.length);
  }
  return false;
}

/**
 * The Messages API has no system or tool roles: system text goes to the top-level `system`, tool
 * results become `tool_result` blocks of a user turn (all results of one turn in one message, ahead
 * of any text), and empty text blocks, which the API refuses, are left out.
 */
function toAnthropicMessages(messages: LLMMessage[]): AnthropicMessage[] {
  const out: AnthropicMessage[] = [];
  const userTurn = (): AnthropicMessage => {
    const last = out[out.length - 1];
    if (last && last.role === 'user') return last;
    const turn: AnthropicMessage = { role: 'user', content: [] };
    out.push(turn);
    return turn;
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        break;
      case 'user': {
        const blocks = typeof message.content === 'string' ? textBlocks(message.content) : message.content.flatMap(toUserBlock);
        if (blocks.length > 0) userTurn().content.push(...blocks);
        break;
      }
      case 'tool': {
        const result: Block = { type: 'tool_result', tool_use_id: message.toolCallId };
        if (message.content !== '') result.content = message.content;
        const turn = userTurn();
        let at = 0;
        while (at < turn.content.length && turn.content[at]!.type === 'tool_result') at++;
        turn.content.splice(at, 0, result);
        break;
      }
      case 'assistant': {
        const blocks: Block[] = [...(message.thinkingBlocks ?? []).map((block) => ({ ...block }))];
        blocks.push(...textBlocks(message.content));
        for (const call of message.toolCalls ?? []) blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments });
        if (blocks.length > 0) out.push({ role: 'assistant', content: blocks });
        break;
      }
    }
  }
  return out;
}

function textBlocks(text: string): Block[] {
  return text === '' ? [] : [{ type: 'text', text }];
}

function toUserBlock(part: ContentPart): Block[] {
  if (part.type === 'text') return textBlocks(part.text);
  return [{ type: 'image', source: imageSource(part.image) }];
}

function imageSource(image: string): Block {
  const data = /^data:([^;,]+)((?:;[^;,]+)*);base64,(.*)$/s.exec(image);
  if (data) return { type: 'base64', media_type: data[1], data: data[3] };
  if (/^https?:\/\//i.test(image)) return { type: 'url', url: image };
  throw new TypeError(`${FACTORY}: an image part must be a base64 data: URL or an http(s) URL; got ${JSON.stringify(truncate(image, 60))}.`);
}

const STOP_REASONS = new Map<string, FinishReason>([
  ['end_turn', 'stop'],
  ['stop_sequence', 'stop'],
  ['pause_turn', 'stop'],
  ['tool_use', 'tool_calls'],
  ['max_tokens', 'length'],
  ['model_context_window_exceeded', 'length'],
  ['refusal', 'content_filter'],
]);

const MAX_CONTENT_BLOCKS = 1024;

type OpenBlock =
  | { kind: 'text' }
  | { kind: 'tool'; toolIndex: number }
  | { kind: 'thinking'; thinking: string[]; signature: string }
  | { kind: 'redacted'; data: string }
  /** A block of a type this code does not know (server tools, their results, uploads…): skipped, deltas too. */
  | { kind: 'skipped' };

/**
 * Messages events → stream events. Only `message_stop` ends the stream. Unknown event types are
 * skipped, as the API asks; so are content blocks of unknown types and their deltas, with a `debug`
 * event, since the API adds block types (server tools and their results) faster than clients learn them.
 */
class MessagesDecoder implements WireDecoder {
  done = false;
  get finishReceived(): boolean {
    return this.done;
  }
  private readonly blocks = new Map<number, OpenBlock>();
  private readonly tools: ToolCallAssembler;
  private toolCount = 0;
  private stopReason: string | undefined;
  private inputTokens: number | undefined;
  private outputTokens: number | undefined;
  private model: string | undefined;

  constructor(private readonly label: CallLabel) {
    this.tools = new ToolCallAssembler(label);
  }

  decode(message: EventSourceMessage, out: StreamEvent[]): void {
    if (message.event === 'error') throw errorEvent(this.label, message.data);
    const payload = this.parse(message.data);
    const type = typeof payload.type === 'string' ? payload.type : message.event;
    switch (type) {
      case 'message_start': {
        const start = (payload.message ?? {}) as Record<string, unknown>;
        if (typeof start.model === 'string' && start.model) this.model = start.model;
        this.readUsage(start.usage);
        break;
      }
      case 'content_block_start':
        this.startBlock(payload.index, (payload.content_block ?? {}) as Record<string, unknown>, out);
        break;
      case 'content_block_delta':
        this.continueBlock(payload.index, (payload.delta ?? {}) as Record<string, unknown>, out);
        break;
      case 'content_block_stop':
        this.stopBlock(payload.index, out);
        break;
      case 'message_delta': {
        const delta = (payload.delta ?? {}) as Record<string, unknown>;
        if (typeof delta.stop_reason === 'string') this.stopReason = delta.stop_reason;
        this.readUsage(payload.usage);
        break;
      }
      case 'message_stop':
        this.done = true;
        break;
      case 'error':
        throw streamedError(this.label, payload.error ?? payload);
      default:
        // `ping` and event types newer than this code.
        break;
    }
  }

  end(): WireEnding {
    if (!this.done) {
      throw unfinishedStreamError(this.label, this.tools, `message_stop`);
    }
    const reason = STOP_REASONS.get(this.stopReason ?? 'end_turn') ?? 'stop';
    const ending: WireEnding = { reason, toolCalls: this.tools.finish(reason) };
    if (this.inputTokens !== undefined || this.outputTokens !== undefined) {
      ending.usage = { inputTokens: this.inputTokens ?? 0, outputTokens: this.outputTokens ?? 0 } satisfies Usage;
    }
    if (this.model) ending.model = this.model;
    return ending;
  }

  private startBlock(index: unknown, block: Record<string, unknown>, out: StreamEvent[]): void {
    const at = this.blockIndex(index);
    switch (block.type) {
      case 'text':
        this.blocks.set(at, { kind: 'text' });
        if (typeof block.text === 'string' && block.text) out.push({ type: 'text-delta', text: block.text });
        break;
      case 'tool_use': {
        const toolIndex = this.toolCount++;
        this.blocks.set(at, { kind: 'tool', toolIndex });
        // The input normally streams as `input_json_delta`; a non-empty start input is the whole of it.
        const input = block.input;
        const initial = input && typeof input === 'object' && Object.keys(input).length > 0 ? JSON.stringify(input) : undefined;
        this.tools.add(toolIndex, { id: str(block.id), name: str(block.name), argumentsDelta: initial }, out);
        break;
      }
      case 'thinking':
        this.blocks.set(at, { kind: 'thinking', thinking: typeof block.thinking === 'string' && block.thinking ? [block.thinking] : [], signature: str(block.signature) ?? '' });
        break;
      case 'redacted_thinking':
        this.blocks.set(at, { kind: 'redacted', data: str(block.data) ?? '' });
        break;
      default:
        this.blocks.set(at, { kind: 'skipped' });
        out.push({ type: 'debug', reason: 'skipped-block', detail: `skipped content block ${at} of type ${describeType(block.type)}` });
    }
  }

  private continueBlock(index: unknown, delta: Record<string, unknown>, out: StreamEvent[]): void {
    const block = this.openBlock(index, 'content_block_delta');
    if (block.kind === 'skipped') return;
    const type = delta.type;
    if (type === 'text_delta' && block.kind === 'text') {
      if (typeof delta.text === 'string' && delta.text) out.push({ type: 'text-delta', text: delta.text });
    } else if (type === 'input_json_delta' && block.kind === 'tool') {
      this.tools.add(block.toolIndex, { argumentsDelta: str(delta.partial_json) }, out);
    } else if (type === 'thinking_delta' && block.kind === 'thinking') {
      if (typeof delta.thinking === 'string' && delta.thinking) {
        block.thinking.push(delta.thinking);
        out.push({ type: 'thinking-delta', text: delta.thinking });
      }
    } else if (type === 'signature_delta' && block.kind === 'thinking') {
      if (typeof delta.signature === 'string') block.signature += delta.signature;
    } else if (type !== 'citations_delta') {
      // Citations are metadata of the text around them. Anything else is newer than this code, or a
      // delta that does not fit its block (arguments for a text block): either way, not part of the answer.
      out.push({ type: 'debug', reason: 'skipped-block', detail: `skipped a delta of type ${describeType(type)} for a ${block.kind} block at ${String(index)}` });
    }
  }

  private stopBlock(index: unknown, out: StreamEvent[]): void {
    const block = this.openBlock(index, 'content_block_stop');
    if (block.kind === 'tool') this.tools.close(block.toolIndex);
    else if (block.kind === 'thinking') out.push({ type: 'thinking-block', block: { type: 'thinking', thinking: block.thinking.join(''), signature: block.signature } satisfies ThinkingBlock });
    else if (block.kind === 'redacted') out.push({ type: 'thinking-block', block: { type: 'redacted_thinking', data: block.data } });
  }

  private openBlock(index: unknown, event: string): OpenBlock {
    const block = this.blocks.get(this.blockIndex(index));
    if (!block) throw this.protocol(`${event} for content block ${String(index)}, which never started`);
    return block;
  }

  private blockIndex(index: unknown): number {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= MAX_CONTENT_BLOCKS) {
      throw this.protocol(`content block index ${String(index)} is outside 0…${MAX_CONTENT_BLOCKS - 1}`);
    }
    return index;
  }

  private readUsage(value: unknown): void {
    if (!value || typeof value !== 'object') return;
    const usage = value as Record<string, unknown>;
    // Cached prompt tokens are counted apart from `input_tokens`; the prompt is their sum.
    const input = [usage.input_tokens, usage.cache_creation_input_tokens, usage.cache_read_input_tokens].filter((n): n is number => typeof n === 'number');
    if (input.length > 0) this.inputTokens = input.reduce((sum, n) => sum + n, 0);
    if (typeof usage.output_tokens === 'number') this.outputTokens = usage.output_tokens;
  }

  private parse(data: string): Record<string, unknown> {
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      throw new LLMError({ kind: 'protocol', label: this.label, problem: `the stream sent malformed JSON: ${truncate(data, 120)}`, retryable: false });
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw this.protocol(`the stream sent an event that is not a JSON object: ${truncate(data, 120)}`);
    return value as Record<string, unknown>;
  }

  private protocol(problem: string): LLMError {
    return new LLMError({ kind: 'protocol', label: this.label, problem, retryable: false });
  }
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function describeType(type: unknown): string {
  return typeof type === 'string' ? JSON.stringify(truncate(type, 60)) : 'none';
}
