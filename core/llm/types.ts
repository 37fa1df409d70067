/**
 * The LLM port: every agent talks to a model through these types, whatever the vendor.
 * Providers translate them to and from their wire protocol; nothing here is vendor-specific.
 */
import type { TurnFacts } from './turn-facts.js';

export type { PriorTurnFacts, SitemapPageFacts, TurnFacts } from './turn-facts.js';

export type LLMRole = 'system' | 'user' | 'assistant' | 'tool';

export type ContentPart =
  | { type: 'text'; text: string }
  /** `image` is a data: URL or an https: URL. */
  | { type: 'image'; image: string };

export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * A reasoning block as the provider sent it. Anthropic requires the blocks of the last assistant turn
 * back, unchanged, when a tool loop continues with thinking enabled; other providers never produce them.
 */
export type ThinkingBlock =
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string };

export type LLMMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ContentPart[] }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[]; thinkingBlocks?: ThinkingBlock[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface ToolDefinition {
  name: string;
  description: string;
  /** A JSON Schema object describing the arguments. */
  parameters: Record<string, unknown>;
}

export type ToolChoice = 'auto' | 'required' | { name: string };

export type ThinkingLevel = 'off' | 'minimal' | 'low' | 'medium' | 'high';

export interface CompleteOptions {
  messages: LLMMessage[];
  tools?: ToolDefinition[];
  toolChoice?: ToolChoice;
  jsonMode?: boolean;
  /** Mapped per provider; ignored where the model has no reasoning control. */
  thinking?: ThinkingLevel;
  temperature?: number;
  maxTokens?: number;
  /** Overrides the provider's configured model for this call. */
  model?: string;
  signal?: AbortSignal;
  /**
   * The turn's facts as data (the request, the page, the site map, what earlier turns did), for a
   * provider that answers without a model, such as the offline guide. Network providers never send
   * them; a provider that forwards its options elsewhere as they are should leave this field out.
   */
  turn?: TurnFacts;
}

export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter';

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

/** Why a call failed; see `LLMError` in `errors.ts`. */
export type LLMErrorKind = 'http' | 'timeout' | 'aborted' | 'protocol' | 'network';

/** Timing and size of one call, reported whether it succeeded or not. */
export interface CallMetrics {
  /** The provider's label without the model, e.g. `openai-compatible` or `anthropic`. */
  provider: string;
  /** The model the server reported, else the one requested. */
  model: string;
  /** Epoch ms when the request was first sent. */
  startedAt: number;
  /** Milliseconds from start to the first text or tool-call delta; absent when none arrived. */
  timeToFirstTokenMs?: number;
  durationMs: number;
  inputTokens?: number;
  outputTokens?: number;
  /** How many HTTP attempts were made (1 when no retry happened). */
  attempts: number;
  /** `finished`: the stream reached its end; `failed`: it threw; `cancelled`: the consumer stopped early. */
  outcome?: 'finished' | 'failed' | 'cancelled';
  /** Present when `outcome` is `failed`. */
  error?: { kind: LLMErrorKind; status?: number; message: string };
}

export type StreamEvent =
  | { type: 'text-delta'; text: string }
  | { type: 'thinking-delta'; text: string }
  /** A fragment of a tool call's JSON arguments; `id` and `name` are known from the call's first delta. */
  | { type: 'tool-call-delta'; index: number; id: string; name: string; argumentsDelta: string }
  /** Emitted only once the stream has said the call is finished and its arguments parsed as an object. */
  | { type: 'tool-call'; index: number; call: ToolCall }
  /** A complete reasoning block (Anthropic), to be sent back on the assistant message of a tool loop. */
  | { type: 'thinking-block'; block: ThinkingBlock }
  | { type: 'usage'; usage: Usage }
  /**
   * Diagnostics, not for the user: something the server sent that the provider skipped so the answer
   * could go on (a content part or block of a type it does not know, or one it could not read).
   * Yielded where it happened; `complete()` leaves it out.
   */
  | { type: 'debug'; reason: StreamDebugReason; detail: string }
  | { type: 'finish'; reason: FinishReason; metrics: CallMetrics };

/** `skipped-part`: a Chat Completions content part; `skipped-block`: a Messages content block or delta. */
export type StreamDebugReason = 'skipped-part' | 'skipped-block';

export interface CompleteResult {
  content: string;
  toolCalls: ToolCall[];
  /** The reasoning text the model streamed, when the provider exposes it. */
  thinking?: string;
  thinkingBlocks?: ThinkingBlock[];
  usage?: Usage;
  finishReason: FinishReason;
  metrics: CallMetrics;
}

export interface LLMProvider {
  /** A short, human-readable name used in errors and metrics, e.g. `openai-compatible(gpt-4o-mini)`. */
  readonly name: string;
  complete(options: CompleteOptions): Promise<CompleteResult>;
  stream(options: CompleteOptions): AsyncIterable<StreamEvent>;
}

export type LLMRouterRole = 'webagent' | 'vision' | 'utility' | 'plan' | 'task';

/** One provider per role; every role but `webagent` falls back to `webagent`. */
export type LLMRouter = { webagent: LLMProvider } & Partial<Record<Exclude<LLMRouterRole, 'webagent'>, LLMProvider>>;

/** Wherever an LLM is accepted, a provider or a router will do. */
export type LLMSource = LLMProvider | LLMRouter;
