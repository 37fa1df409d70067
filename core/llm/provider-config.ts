import { checkRequestHeaders, type RequestHeaders } from '../util/request-headers.js';
import { resolveRobustness, type RobustnessOptions, type TransportOptions } from './robustness.js';
import type { CallMetrics } from './types.js';

/** The fields every HTTP provider shares. */
export interface HttpProviderConfig extends RobustnessOptions {
  /** The default model; a call's `model` option overrides it. */
  model: string;
  apiKey?: string;
  /**
   * Extra headers sent with every request; they win over the provider's own. A function is called
   * before every request (so a session token can be attached and renewed); when the server answers
   * 401 with `error.code` `session_expired` or `session_required`, it is called with `{ refresh: true }`
   * and the request is sent once more. `createServerSession().headers` is such a function.
   */
  headers?: RequestHeaders;
  /** A `fetch` to use instead of the global one (a proxy-aware fetch, a test double). */
  fetch?: typeof fetch;
  /** Names the provider in errors and metrics instead of the protocol, e.g. `openrouter`. */
  label?: string;
  /** Receives every call's metrics, whether it finished, failed or was cancelled. */
  onMetrics?: (metrics: CallMetrics) => void;
}

export function requireText(value: unknown, factory: string, field: string, example: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`${factory}: \`${field}\` must be a non-empty string such as ${example}; got ${describe(value)}.`);
  }
  return value.trim();
}

export function checkConfigObject(config: unknown, factory: string): void {
  if (!config || typeof config !== 'object') throw new TypeError(`${factory}: expected a config object; got ${describe(config)}.`);
}

export function transportOptions(config: HttpProviderConfig, factory: string, networkHint?: string): TransportOptions {
  if (config.fetch !== undefined && typeof config.fetch !== 'function') {
    throw new TypeError(`${factory}: \`fetch\` must be a function; got ${describe(config.fetch)}.`);
  }
  checkRequestHeaders(config.headers, `${factory}: \`headers\``);
  return {
    ...resolveRobustness(config, factory),
    ...(config.fetch ? { fetch: config.fetch } : {}),
    ...(networkHint ? { networkHint } : {}),
  };
}

export function trimTrailingSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}

/** A value as a provider's error names it: the string itself, else its type. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value;
}
