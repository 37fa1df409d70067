// The retry and timeout settings every HTTP provider shares; light enough for the first paint.

/** The most bytes a server may send without ending an SSE event, unless configured. */
export const DEFAULT_MAX_EVENT_BYTES = 8 * 1024 * 1024;

/** How hard a provider tries, and how long it waits; every field is optional in a provider's config. */
export interface RobustnessOptions {
  /** Retries after the first attempt for 408/409/429/5xx and network failures before the stream starts. Default 2. */
  maxRetries?: number;
  /** The backoff ceiling of the first retry; it doubles on each one. Default 500 ms. */
  baseRetryDelayMs?: number;
  /** The longest single wait before a retry; a `Retry-After` above it ends the call with a retryable error. Default 30 s. */
  maxRetryDelayMs?: number;
  /** The longest wait for the response headers. Default 15 s. */
  connectTimeoutMs?: number;
  /** The longest silence allowed while waiting for the next bytes of the stream. Default 30 s. */
  idleTimeoutMs?: number;
  /** The most bytes the server may send without ending an SSE event. Default 8 MiB. */
  maxEventBytes?: number;
}

export interface TransportOptions extends Required<RobustnessOptions> {
  fetch?: typeof fetch;
  /** Randomness for the backoff jitter; replaceable for tests. */
  random?: () => number;
  /** Appended to network error messages, e.g. a hint about CORS for browser use. */
  networkHint?: string;
}

export const DEFAULT_ROBUSTNESS: Required<RobustnessOptions> = {
  maxRetries: 2,
  baseRetryDelayMs: 500,
  maxRetryDelayMs: 30_000,
  connectTimeoutMs: 15_000,
  idleTimeoutMs: 30_000,
  maxEventBytes: DEFAULT_MAX_EVENT_BYTES,
};

/** Merges a config's robustness fields over the defaults, refusing values that would break the timers. */
export function resolveRobustness(config: RobustnessOptions, factory: string): Required<RobustnessOptions> {
  const resolved = { ...DEFAULT_ROBUSTNESS };
  for (const key of Object.keys(DEFAULT_ROBUSTNESS) as (keyof RobustnessOptions)[]) {
    const value = config[key];
    if (value === undefined) continue;
    // A zero base delay (retry at once) and zero retries make sense; a zero timeout or bound does not.
    const zeroAllowed = key === 'maxRetries' || key === 'baseRetryDelayMs';
    const valid = typeof value === 'number' && Number.isFinite(value) && (zeroAllowed ? value >= 0 : value > 0) && (key !== 'maxRetries' || Number.isInteger(value));
    if (!valid) {
      const wanted = key === 'maxRetries' ? 'a non-negative integer' : key === 'maxEventBytes' ? 'a positive number of bytes' : zeroAllowed ? 'a non-negative number of milliseconds' : 'a positive number of milliseconds';
      throw new TypeError(`${factory}: \`${key}\` must be ${wanted}; got ${String(value)}.`);
    }
    resolved[key] = value;
  }
  return resolved;
}
