/** Tokens an answer used, as the upstream reported them (either may be missing). */
export interface TokenUsage {
  inputTokens?: number;
  outputTokens?: number;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * Reads the usage an answer reports into `into`: OpenAI-compatible chunks and bodies carry `usage`
 * (`prompt_tokens`, `completion_tokens`); Anthropic sends input tokens in `message_start` and output
 * tokens in `message_delta` (and both in a whole `message`).
 */
export function readUsage(json: unknown, into: TokenUsage): void {
  if (!json || typeof json !== 'object') return;
  const record = json as Record<string, unknown>;
  const message = record.message as Record<string, unknown> | undefined;
  const usage = (record.usage ?? message?.usage) as Record<string, unknown> | undefined;
  if (!usage || typeof usage !== 'object') return;
  const input = count(usage.prompt_tokens) ?? count(usage.input_tokens);
  const output = count(usage.completion_tokens) ?? count(usage.output_tokens);
  if (input !== undefined) into.inputTokens = input;
  if (output !== undefined) into.outputTokens = output;
}

/** Usage from one SSE event's data; a quick test skips the JSON parse of chunks that cannot hold any. */
export function readEventUsage(data: string, into: TokenUsage): void {
  if (!data.includes('"usage"')) return;
  try {
    readUsage(JSON.parse(data), into);
  } catch {
    // Not JSON ([DONE], say): nothing to count.
  }
}
