/** One proxied call, reported to `onUsage` when it ends, whatever the outcome. */
export interface LlmUsageReport {
  readonly visitor: string;
  readonly clientAddress?: string;
  readonly route: 'chat' | 'models';
  readonly model?: string;
  /** The status sent to the browser. */
  readonly status: number;
  readonly outcome: 'ok' | 'refused' | 'upstream_error' | 'aborted' | 'timeout' | 'cut';
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  /** From the request's arrival to the upstream's response headers. */
  readonly firstByteMs?: number;
  readonly durationMs: number;
}
