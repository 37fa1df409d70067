import { collectStream } from './collect-stream.js';
import { lazyModule } from '../util/lazy-module.js';
import { deferStream } from './deferred-stream.js';
import type { MessagesSettings, MessagesWire } from './anthropic-messages-wire.js';
import { checkConfigObject, requireText, transportOptions, trimTrailingSlashes, type HttpProviderConfig } from './provider-config.js';
import type { CompleteOptions, LLMProvider, StreamEvent } from './types.js';

export interface AnthropicConfig extends HttpProviderConfig {
  /** Default `https://api.anthropic.com`; a proxy's root (with or without `/v1`) works the same way. */
  baseURL?: string;
  /** The `anthropic-version` header. Default `2023-06-01`. */
  anthropicVersion?: string;
  /** `max_tokens` for calls that do not set `maxTokens` (the Messages API requires one). Default 4096. */
  maxTokens?: number;
  /**
   * Calling Anthropic straight from a page exposes the API key to every visitor, so the API refuses
   * browser requests unless they carry `anthropic-dangerous-direct-browser-access`. `true` sends it.
   * The recommended setup is a server-side proxy that adds the key (point `baseURL` at it).
   */
  allowBrowser?: boolean;
}

const FACTORY = 'anthropic';
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_DEFAULT_VERSION = '2023-06-01';
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

/** A provider for Anthropic's streaming Messages API. */
export function anthropic(config: AnthropicConfig): LLMProvider {
  checkConfigObject(config, FACTORY);
  const defaultModel = requireText(config.model, FACTORY, 'model', '"claude-sonnet-4-5"');
  const baseURL = trimTrailingSlashes(config.baseURL === undefined ? ANTHROPIC_DEFAULT_BASE_URL : requireText(config.baseURL, FACTORY, 'baseURL', `"${ANTHROPIC_DEFAULT_BASE_URL}"`));
  const url = /\/v1$/.test(baseURL) ? `${baseURL}/messages` : `${baseURL}/v1/messages`;
  const maxTokens = config.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS;
  if (!Number.isInteger(maxTokens) || maxTokens < 1) throw new TypeError(`${FACTORY}: \`maxTokens\` must be a positive integer; got ${String(config.maxTokens)}.`);
  const providerLabel = config.label ?? 'anthropic';
  const hint = config.allowBrowser
    ? undefined
    : 'From a browser, route calls through a proxy (recommended) or set `allowBrowser: true`, or the API refuses them.';
  const runtime = { transport: transportOptions(config, FACTORY, hint), onMetrics: config.onMetrics };

  const settings: MessagesSettings = {
    url,
    defaultModel,
    providerLabel,
    runtime,
    maxTokens,
    apiKey: config.apiKey,
    headers: config.headers,
    anthropicVersion: config.anthropicVersion ?? ANTHROPIC_DEFAULT_VERSION,
    allowBrowser: config.allowBrowser === true,
  };
  const stream = (options: CompleteOptions): AsyncIterable<StreamEvent> => deferStream(loadMessagesWire, (wire) => wire.streamMessages(settings, options));

  return {
    name: `${providerLabel}(${defaultModel})`,
    stream,
    complete: (options) => collectStream(stream(options)),
  };
}

// The protocol code loads on the first call, so a page that never asks pays nothing for it.
const messagesWire = lazyModule('the code of the Anthropic provider', () => import('./anthropic-messages-wire.js'));

function loadMessagesWire(): Promise<MessagesWire> {
  return messagesWire.load();
}
