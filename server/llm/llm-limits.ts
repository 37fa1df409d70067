/** What one visitor and the whole site may spend. Every field has a default; see `DEFAULT_LLM_LIMITS`. */
export interface LlmLimits {
  /** Largest request body; bigger ones are refused before they are read. */
  readonly maxBodyBytes: number;
  readonly maxMessages: number;
  readonly maxTools: number;
  /** Cap on `max_tokens` / `max_completion_tokens`, and the value sent when a request names none. */
  readonly maxOutputTokens: number;
  /** Cap on `n` (choices per request). */
  readonly maxChoices: number;
  /** Cap on `top_logprobs`; 0 refuses `logprobs` altogether. */
  readonly maxTopLogprobs: number;
  readonly requestsPerMinutePerVisitor: number;
  readonly requestsPerMinutePerAddress: number;
  readonly requestsPerMinute: number;
  readonly concurrentStreams: number;
  readonly concurrentStreamsPerVisitor: number;
  /** Body fields forwarded besides the known ones (a vendor's extension, say). */
  readonly extraFields: readonly string[];
}

export interface LlmTimeouts {
  /** From sending the request to the upstream's response headers. Default 60 s. */
  readonly firstByteMs: number;
  /** Longest silence inside a stream. Default 120 s (a reasoning model can think quietly for a while). */
  readonly idleMs: number;
  /** Longest whole answer. Default 10 minutes. */
  readonly totalMs: number;
}

export const DEFAULT_LLM_LIMITS: LlmLimits = Object.freeze({
  maxBodyBytes: 2 * 1024 * 1024,
  maxMessages: 200,
  maxTools: 64,
  maxOutputTokens: 8192,
  maxChoices: 1,
  maxTopLogprobs: 0,
  requestsPerMinutePerVisitor: 30,
  requestsPerMinutePerAddress: 120,
  requestsPerMinute: 1200,
  concurrentStreams: 64,
  concurrentStreamsPerVisitor: 4,
  extraFields: Object.freeze([]) as readonly string[],
});

export const DEFAULT_LLM_TIMEOUTS: LlmTimeouts = Object.freeze({ firstByteMs: 60_000, idleMs: 120_000, totalMs: 600_000 });

export function resolveLimits(given: Partial<LlmLimits> | undefined): LlmLimits {
  const limits = { ...DEFAULT_LLM_LIMITS, ...given };
  for (const [name, value] of Object.entries(limits)) {
    if (name === 'extraFields') {
      if (!Array.isArray(value) || value.some((field) => typeof field !== 'string')) throw new TypeError('dddk/server: limits.extraFields must be an array of field names.');
    } else if (!Number.isSafeInteger(value) || (value as number) < 0) {
      throw new TypeError(`dddk/server: limits.${name} must be a non-negative integer; got ${String(value)}.`);
    }
  }
  return limits;
}

export function resolveTimeouts(given: Partial<LlmTimeouts> | undefined): LlmTimeouts {
  const timeouts = { ...DEFAULT_LLM_TIMEOUTS, ...given };
  for (const [name, value] of Object.entries(timeouts)) {
    if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`dddk/server: timeouts.${name} must be a positive number of milliseconds; got ${String(value)}.`);
  }
  return timeouts;
}
