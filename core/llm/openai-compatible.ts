import { collectStream } from './collect-stream.js';
import { lazyModule } from '../util/lazy-module.js';
import { deferStream } from './deferred-stream.js';
import type { ChatCompletionsSettings, ChatCompletionsWire } from './openai-chat-wire.js';
import { checkConfigObject, requireText, transportOptions, trimTrailingSlashes, type HttpProviderConfig } from './provider-config.js';
import type { CompleteOptions, LLMProvider, StreamEvent } from './types.js';

export interface OpenAICompatibleConfig extends HttpProviderConfig {
  /** The API root that `/chat/completions` is appended to, e.g. `https://api.openai.com/v1`; may be a same-origin path such as `/api/llm/v1`. */
  baseURL: string;
  /** A default `max_tokens` for calls that do not set `maxTokens`. */
  maxTokens?: number;
}

const FACTORY = 'openAICompatible';

/**
 * A provider for any server that speaks OpenAI's streaming Chat Completions: OpenAI itself, Azure-style
 * gateways, OpenRouter, Groq, vLLM, llama.cpp, Ollama's `/v1`…
 */
export function openAICompatible(config: OpenAICompatibleConfig): LLMProvider {
  checkConfigObject(config, FACTORY);
  const baseURL = trimTrailingSlashes(requireText(config.baseURL, FACTORY, 'baseURL', '"https://api.openai.com/v1"'));
  const defaultModel = requireText(config.model, FACTORY, 'model', '"gpt-4o-mini"');
  if (config.maxTokens !== undefined && (!Number.isInteger(config.maxTokens) || config.maxTokens < 1)) {
    throw new TypeError(`${FACTORY}: \`maxTokens\` must be a positive integer; got ${String(config.maxTokens)}.`);
  }
  const providerLabel = config.label ?? 'openai-compatible';
  const runtime = { transport: transportOptions(config, FACTORY), onMetrics: config.onMetrics };
  const url = `${baseURL}/chat/completions`;

  const settings: ChatCompletionsSettings = { url, defaultModel, providerLabel, runtime, apiKey: config.apiKey, headers: config.headers, maxTokens: config.maxTokens };
  const stream = (options: CompleteOptions): AsyncIterable<StreamEvent> => deferStream(loadChatCompletionsWire, (wire) => wire.streamChatCompletions(settings, options));

  return {
    name: `${providerLabel}(${defaultModel})`,
    stream,
    complete: (options) => collectStream(stream(options)),
  };
}

// The protocol code loads on the first call, so a page that never asks pays nothing for it.
const chatCompletionsWire = lazyModule('the code of the OpenAI-compatible provider', () => import('./openai-chat-wire.js'));

function loadChatCompletionsWire(): Promise<ChatCompletionsWire> {
  return chatCompletionsWire.load();
}
