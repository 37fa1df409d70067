/** Retry timing: backoff with full jitter and `Retry-After` parsing; the sleep between tries is core/util's. */

/**
 * The delay before retry number `retry` (1 for the first retry): a uniformly random wait between 0
 * and `baseMs * 2^(retry-1)`, capped at `capMs`, so that many clients failing together spread out.
 */
export function backoffDelay(retry: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * How long the server asked to wait, in ms: `retry-after-ms` (OpenAI), else `Retry-After` as seconds
 * or as an HTTP date. Undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && /^\s*\d+(\.\d+)?\s*$/.test(milliseconds)) return Math.ceil(Number(milliseconds));
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  // An HTTP date names its day and month; bare numbers like `-5` would parse as years.
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
